import { Trans, useLingui } from '@lingui/react/macro';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { ACCOUNT_TEXTS, type ProfileInput } from '../../../../shared/account.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { DEFAULT_COUNTDOWN_SECONDS, useMessageModal } from '../../../components/message-modal.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { translate } from '../../../lib/i18n.ts';
import { clearSession, useMe, whileEndingSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSettledNavigate } from '../../../lib/use-settled-navigate.ts';
import { useSaveProfile } from '../api/save-profile.ts';
import { useSendPasswordResetEmail } from '../api/send-password-reset-email.ts';
import { CodeWordSection } from '../components/code-word-section.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { ReminderCallSection } from '../components/reminder-call-section.tsx';
import { TextsConfirmation } from '../components/texts-confirmation.tsx';
import { TrustedContactSection } from '../components/trusted-contact-form.tsx';
import { VerifyFirstButton } from '../components/verify-first-button.tsx';
import { YourDataSection } from '../components/your-data-section.tsx';

function AccountPage() {
  const { t } = useLingui();
  usePageTitle(t`Your account`);
  const navigate = useSettledNavigate();
  const confirm = useConfirm();
  const modal = useMessageModal();
  const securityAlert = useTimedAlert();
  const profileAlert = useTimedAlert();
  const sendReset = useSendPasswordResetEmail();
  const saveProfile = useSaveProfile('Account');
  // Once the e-mail is sent the screen is on its way out: the button stays busy until it is gone.
  const sendingReset = sendReset.isPending || sendReset.isSuccess;
  const { me } = useMe();
  if (!me.user) return null;
  const verified = me.user.emailVerified;
  const email = me.user.email;

  const resetPassword = () =>
    whileEndingSession(async () => {
      try {
        await sendReset.mutateAsync();
      } catch {
        securityAlert.show({ body: translate(ACCOUNT_TEXTS.accountResetError) });
        return;
      }
      await modal.show({
        title: t`Reset Password`,
        body: translate(ACCOUNT_TEXTS.accountResetSuccess),
        countdownSeconds: DEFAULT_COUNTDOWN_SECONDS,
      });
      // The server has signed the user out already; the screen follows, then the session (leaving this guarded
      // screen first, or its guard would show Not Authorized).
      await navigate('/login');
      clearSession();
    });

  const save = async (values: ProfileInput) => {
    if (!(await confirm(translate(ACCOUNT_TEXTS.accountSaveConfirm)))) return;
    try {
      await saveProfile.mutateAsync(values);
      profileAlert.show({ variant: 'success', body: translate(ACCOUNT_TEXTS.accountSaveSuccess) });
    } catch {
      profileAlert.show({ body: translate(ACCOUNT_TEXTS.formSubmitError) });
    }
  };

  return (
    <Container className="py-4 py-md-5">
      <div className="form-page">
        <h1>
          <Trans>Your account</Trans>
        </h1>
        <section aria-labelledby="account-sign-in" className="mb-5">
          <h2 id="account-sign-in" className="h4">
            <Trans>E-mail and password</Trans>
          </h2>
          <p>
            <Trans>
              You log in as <strong className="text-break">{email}</strong>.
            </Trans>
          </p>
          {securityAlert.element}
          <div className="d-flex flex-wrap gap-3">
            <VerifyFirstButton verified={verified} label={t`Change Email`} id="account-change-email">
              <Link to="/emailchange" className="btn btn-primary btn-lg">
                <Trans>Change Email</Trans>
              </Link>
            </VerifyFirstButton>
            <VerifyFirstButton verified={verified} label={t`Reset Password`} id="account-reset-password">
              <Button size="lg" variant="outline-primary" onClick={resetPassword} disabled={sendingReset}>
                {sendingReset ? t`Sending…` : t`Reset Password`}
              </Button>
            </VerifyFirstButton>
          </div>
          <p className="mt-2 text-body-secondary">
            <Trans>Reset Password e-mails you a link to choose a new password and signs you out.</Trans>
          </p>
        </section>
        <section aria-labelledby="account-details">
          <h2 id="account-details" className="h4">
            <Trans>Your details and service address</Trans>
          </h2>
          <ProfileForm
            defaultValues={me.profile}
            submitLabel={t`Save`}
            onSubmit={save}
            textsAvailable={me.textsAvailable}
            textsStopped={me.profile?.textsStopped}
          />
          <div className="mt-3">{profileAlert.element}</div>
          {me.profile?.wantsTexts && !me.profile.textsConfirmed && !me.profile.textsStopped && (
            <TextsConfirmation
              profile={me.profile}
              onConfirmed={() =>
                profileAlert.show({ variant: 'success', body: t`Your number is confirmed: texts about your visits will come to it.` })
              }
            />
          )}
        </section>
        <ReminderCallSection />
        <CodeWordSection />
        <TrustedContactSection />
        <YourDataSection hasPassword={me.hasPassword !== false} email={email} />
      </div>
      {modal.element}
    </Container>
  );
}

export { AccountPage as Component };
