import { Trans, useLingui } from '@lingui/react/macro';
import Container from 'react-bootstrap/Container';
import { ACCOUNT_TEXTS, type ProfileInput } from '../../../../shared/account.ts';
import { DEFAULT_COUNTDOWN_SECONDS, useMessageModal } from '../../../components/message-modal.tsx';
import { ServiceAreaMap } from '../../../components/service-area-map.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { translate } from '../../../lib/i18n.ts';
import { useMe } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSettledNavigate } from '../../../lib/use-settled-navigate.ts';
import { useSaveProfile } from '../api/save-profile.ts';
import { ProfileForm } from '../components/profile-form.tsx';
import { translateDialog } from '../translated.ts';

function ServiceFormPage() {
  const { t } = useLingui();
  usePageTitle(t`Service Form`);
  const navigate = useSettledNavigate();
  const alert = useTimedAlert();
  const modal = useMessageModal();
  const { me } = useMe();
  const saveProfile = useSaveProfile('ServiceForm');

  const save = async (values: ProfileInput) => {
    try {
      await saveProfile.mutateAsync(values);
    } catch (error) {
      alert.show({ heading: translate(ACCOUNT_TEXTS.formSubmitError), body: errorText(error) });
      return;
    }
    await modal.show({
      ...translateDialog({ title: ACCOUNT_TEXTS.serviceFormSuccessTitle, body: ACCOUNT_TEXTS.serviceFormSuccessBody }),
      countdownSeconds: DEFAULT_COUNTDOWN_SECONDS,
    });
    await navigate('/home');
  };

  return (
    <Container className="py-4 py-md-5">
      <div className="form-page">
        <h1>
          <Trans>Please complete Service Form</Trans>
        </h1>
        <p className="lead">
          <Trans>
            We serve the Town of Islip and the Town of Smithtown, on Long Island, NY. Your service address must be inside this area.
          </Trans>
        </p>
      </div>
      <div className="service-form-map mb-4">
        <ServiceAreaMap />
      </div>
      <div className="form-page">
        <h2 className="h4">
          <Trans>Your details and service address</Trans>
        </h2>
        {alert.element}
        <ProfileForm
          defaultValues={me.profile}
          submitLabel={t`Submit`}
          onSubmit={save}
          textsAvailable={me.textsAvailable}
          textsStopped={me.profile?.textsStopped}
        />
      </div>
      {modal.element}
    </Container>
  );
}

export { ServiceFormPage as Component };
