import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ACCOUNT_TEXTS, type ChangeEmail, ChangeEmailSchema, MESSAGES } from '../../../../shared/account.ts';
import { FormPage } from '../../../components/form-page.tsx';
import { DEFAULT_COUNTDOWN_SECONDS, useMessageModal } from '../../../components/message-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { translate } from '../../../lib/i18n.ts';
import { clearSession, useMe, whileEndingSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSettledNavigate } from '../../../lib/use-settled-navigate.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { EMAIL_INPUT } from '../components/email-input.ts';
import { translateDialog, translateOptional } from '../translated.ts';

function EmailChangePage() {
  const { t } = useLingui();
  usePageTitle(t`Change e-mail address`);
  const navigate = useSettledNavigate();
  const alert = useTimedAlert();
  const modal = useMessageModal();
  const { me } = useMe();
  const currentEmail = me.user?.email;
  const changeEmail = useChangeEmail();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ChangeEmailSchema), defaultValues: { email: '', confirmEmail: '' } });

  const onValid = (values: ChangeEmail) =>
    whileEndingSession(async () => {
      try {
        await changeEmail.mutateAsync(values);
      } catch (error) {
        alert.show({ heading: translate(ACCOUNT_TEXTS.changeEmailError), body: errorText(error) });
        return;
      }
      await modal.show({
        ...translateDialog({ title: ACCOUNT_TEXTS.changeEmailSuccessTitle, body: ACCOUNT_TEXTS.changeEmailSuccessBody }),
        countdownSeconds: DEFAULT_COUNTDOWN_SECONDS,
      });
      // The server has ended every session: forget ours once /login is on screen (before the browser paints it, so
      // the header is right at once); cleared any earlier, the guard of this screen would show Not Authorized.
      await navigate('/login');
      clearSession();
    });

  const onInvalid = (invalid: FieldErrors<ChangeEmail>) => {
    if (invalid.confirmEmail?.message === MESSAGES.changeEmailsDoNotMatch.body)
      void modal.show(translateDialog(MESSAGES.changeEmailsDoNotMatch));
  };

  return (
    <FormPage
      title={t`Change your e-mail address`}
      intro={
        <Trans>
          Your address now is <strong className="text-break">{currentEmail}</strong>. We will send a link to the new address to verify it,
          and you will log in again.
        </Trans>
      }
    >
      {alert.element}
      <Form noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <TextField
          label={t`New e-mail address`}
          autoComplete="email"
          {...EMAIL_INPUT}
          registration={register('email')}
          error={translateOptional(errors.email?.message)}
        />
        <TextField
          label={t`Repeat new e-mail address`}
          autoComplete="email"
          {...EMAIL_INPUT}
          registration={register('confirmEmail')}
          invalid={Boolean(errors.confirmEmail)}
        />
        <Button type="submit" size="lg" className="w-100" disabled={isSubmitting}>
          {isSubmitting ? t`Changing…` : t`Change Email`}
        </Button>
      </Form>
      <p className="mt-4">
        <Link to="/account" className="target-link">
          <Trans>Back to your account</Trans>
        </Link>
      </p>
      {modal.element}
    </FormPage>
  );
}

export { EmailChangePage as Component };
