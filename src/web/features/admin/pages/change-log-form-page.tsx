import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_TEXTS, type ConfigChangeInput } from '../../../../shared/admin.ts';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { noteFailure } from '../../../lib/api-failure.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { addConfigChange } from '../api/add-config-change.ts';
import { adminKeys } from '../api/query-keys.ts';
import { ConfigChangeForm } from '../components/config-change-form.tsx';

/** A new entry for the configuration change log; the form resets after each saved entry. */
function ChangeLogFormPage() {
  usePageTitle('Change Log Form');
  const queryClient = useQueryClient();
  const alert = useTimedAlert();

  const save = async (values: ConfigChangeInput) => {
    try {
      await addConfigChange(values);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      alert.show({ variant: 'success', body: ADMIN_TEXTS.changeLogSaved });
      return true;
    } catch (error) {
      noteFailure(error, 'ChangeLogForm');
      alert.show({ body: ADMIN_TEXTS.changeLogError });
      return false;
    }
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
