import Container from 'react-bootstrap/Container';
import { ACCOUNT_TEXTS, type ProfileInput } from '../../../../shared/account.ts';
import { SERVICE_TOWNS } from '../../../../shared/business.ts';
import { DEFAULT_COUNTDOWN_SECONDS, useMessageModal } from '../../../components/message-modal.tsx';
import { ServiceAreaMap } from '../../../components/service-area-map.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { serverMessage } from '../../../lib/api-failure.ts';
import { useMe } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSettledNavigate } from '../../../lib/use-settled-navigate.ts';
import { useSaveProfile } from '../api/save-profile.ts';
import { ProfileForm } from '../components/profile-form.tsx';

function ServiceFormPage() {
  usePageTitle('Service Form');
  const navigate = useSettledNavigate();
  const alert = useTimedAlert();
  const modal = useMessageModal();
  const { me } = useMe();
  const saveProfile = useSaveProfile('ServiceForm');

  const save = async (values: ProfileInput) => {
    try {
      await saveProfile.mutateAsync(values);
    } catch (error) {
      alert.show({ heading: ACCOUNT_TEXTS.formSubmitError, body: serverMessage(error) });
      return;
    }
    await modal.show({
      title: ACCOUNT_TEXTS.serviceFormSuccessTitle,
      body: ACCOUNT_TEXTS.serviceFormSuccessBody,
      countdownSeconds: DEFAULT_COUNTDOWN_SECONDS,
    });
    await navigate('/home');
  };

  return (
    <Container className="py-4 py-md-5">
      <div className="form-page">
        <h1>Please complete Service Form</h1>
        <p className="lead">
          We serve the {SERVICE_TOWNS[0]} and the {SERVICE_TOWNS[1]}, on Long Island, NY. Your service address must be inside this area.
        </p>
      </div>
      <div className="service-form-map mb-4">
        <ServiceAreaMap />
      </div>
      <div className="form-page">
        <h2 className="h4">Your details and service address</h2>
        {alert.element}
        <ProfileForm defaultValues={me.profile} submitLabel="Submit" onSubmit={save} />
      </div>
      {modal.element}
    </Container>
  );
}

export { ServiceFormPage as Component };
