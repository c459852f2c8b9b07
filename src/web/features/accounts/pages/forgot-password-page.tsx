import { Trans, useLingui } from '@lingui/react/macro';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { ACCOUNT_TEXTS, checkEmailOnly, type EmailOnlyForm } from '../../../../shared/account-forms.ts';
import { FormPage } from '../../../components/form-page.tsx';
import { DEFAULT_COUNTDOWN_SECONDS, preloadMessageModal, useMessageModal } from '../../../components/message-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { noteFailure } from '../../../lib/api-failure.ts';
import { useCheckedForm } from '../../../lib/checked-form.ts';
import { errorText } from '../../../lib/error-text.ts';
import { translate } from '../../../lib/i18n.ts';
import { clearSession, currentSession, logout } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSettledNavigate } from '../../../lib/use-settled-navigate.ts';
import { useRequestPasswordReset } from '../api/forgot-password.ts';
import { EMAIL_INPUT } from '../components/email-input.ts';
import { translateDialog, translateOptional } from '../translated.ts';

function ForgotPasswordPage() {
  const { t } = useLingui();
  usePageTitle(t`Forgot password`);
  const navigate = useSettledNavigate();
  const alert = useTimedAlert();
  const modal = useMessageModal();
  const requestPasswordReset = useRequestPasswordReset();
  const { register, handleSubmit, reset, problems, isSubmitting } = useCheckedForm<EmailOnlyForm>({ email: '' }, checkEmailOnly);

  const onValid = async (values: EmailOnlyForm) => {
    preloadMessageModal();
    try {
      await requestPasswordReset.run(values);
    } catch (error) {
      alert.show({ heading: translate(ACCOUNT_TEXTS.forgotError), body: errorText(error) });
      reset({ email: '' });
      return;
    }
    await modal.show({
      ...translateDialog({ title: ACCOUNT_TEXTS.forgotSuccessTitle, body: ACCOUNT_TEXTS.forgotSuccessBody }),
      countdownSeconds: DEFAULT_COUNTDOWN_SECONDS,
    });
    // The spec signs the user out before going to /login; a visitor simply goes there.
    const goToLogin = () => navigate('/login');
    if (!currentSession().me.user) {
      await goToLogin();
      return;
    }
    try {
      await logout(goToLogin);
    } catch (error) {
      noteFailure(error, 'UserLogout');
      clearSession();
      await goToLogin();
    }
  };

  return (
    <FormPage
      title={t`Forgot your password?`}
      intro={t`Enter the e-mail address of your account and we will send you a link to choose a new password.`}
    >
      {alert.element}
      <Form noValidate onSubmit={handleSubmit(onValid)}>
        <TextField
          label={t`E-mail address`}
          autoComplete="email"
          {...EMAIL_INPUT}
          registration={register('email')}
          error={translateOptional(problems.email)}
        />
        <Button type="submit" size="lg" className="w-100" disabled={isSubmitting}>
          {isSubmitting ? t`Sending…` : t`Send`}
        </Button>
      </Form>
      <p className="mt-4">
        <Trans>
          Remembered it? <Link to="/login">Log in</Link>
        </Trans>
      </p>
      {modal.element}
    </FormPage>
  );
}

export { ForgotPasswordPage as Component };
