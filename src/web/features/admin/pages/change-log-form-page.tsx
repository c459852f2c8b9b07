import { ADMIN_TEXTS, type ConfigChangeInput } from '../../../../shared/admin.ts';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useAddConfigChange } from '../api/add-config-change.ts';
import { ConfigChangeForm } from '../components/config-change-form.tsx';

/** A new entry for the configuration change log; the form resets after each saved entry. */
function ChangeLogFormPage() {
  usePageTitle('Change Log Form');
  const alert = useTimedAlert();
  const addConfigChange = useAddConfigChange();

  const save = async (values: ConfigChangeInput) => {
    try {
      await addConfigChange.mutateAsync(values);
    } catch {
      alert.show({ body: ADMIN_TEXTS.changeLogError });
      return false;
    }
    alert.show({ variant: 'success', body: ADMIN_TEXTS.changeLogSaved });
    return true;
  };

  return (
    <>
      <h1 className="mb-2">Change Log Form</h1>
      <p className="lead">Record a change to the database, the hardware or the software. Every field is required.</p>
      <div className="admin-form">{alert.element}</div>
      <ConfigChangeForm onSubmit={save} />
    </>
  );
}

export { ChangeLogFormPage as Component };
