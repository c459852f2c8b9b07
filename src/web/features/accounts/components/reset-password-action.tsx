import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import {
  ACCOUNT_TEXTS,
  checkResetPassword,
  INCOMPLETE_LINK,
  MESSAGES,
  PASSWORD_HINT,
  type ResetPasswordForm,
} from '../../../../shared/account-forms.ts';
import { DEFAULT_COUNTDOWN_SECONDS, preloadMessageModal, useMessageModal } from '../../../components/message-modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { serverMessage } from '../../../lib/api-failure.ts';
import { type Problems, useCheckedForm } from '../../../lib/checked-form.ts';
import { translate } from '../../../lib/i18n.ts';
import { clearSession } from '../../../lib/session.ts';
import { useSettledNavigate } from '../../../lib/use-settled-navigate.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { translateDialog, translateOptional } from '../translated.ts';

/** A failure told in the alert: an English text of src/shared, ours or the server's explanation. */
type Failure = { text: string };

/** The resetPassword link: choose a new password (the server then ends every session). */
export function ResetPasswordAction({ oobCode }: { oobCode: string | null }) {
  const { t } = useLingui();
  const navigate = useSettledNavigate();
  const modal = useMessageModal();
  const resetPassword = useResetPassword();
  const [failure, setFailure] = useState<Failure | null>(oobCode ? null : { text: INCOMPLETE_LINK });
  const { register, handleSubmit, problems, isSubmitting } = useCheckedForm<ResetPasswordForm>(
    { oobCode: oobCode ?? '', newPassword: '', confirmPassword: '' },
    checkResetPassword,
  );

  const onValid = async (values: ResetPasswordForm) => {
    preloadMessageModal();
    try {
      await resetPassword.run(values);
    } catch (error) {
      setFailure({ text: serverMessage(error) ?? String(error) });
      return;
    }
    setFailure(null);
    await modal.show({
      ...translateDialog({ title: ACCOUNT_TEXTS.resetConfirmSuccessTitle, body: ACCOUNT_TEXTS.resetConfirmSuccessBody }),
      countdownSeconds: DEFAULT_COUNTDOWN_SECONDS,
    });
    // The server has ended every session: forget ours before /login shows, so the header is right at once.
    clearSession();
    await navigate('/login');
  };

  const onInvalid = (invalid: Problems<ResetPasswordForm>) => {
    if (invalid.oobCode) setFailure({ text: INCOMPLETE_LINK });
    else if (invalid.confirmPassword === MESSAGES.resetPasswordsDoNotMatch.body)
      void modal.show(translateDialog(MESSAGES.resetPasswordsDoNotMatch));
  };

  return (
    <>
      {failure !== null && (
        <Notice variant="danger">
          <p>
            {translate(ACCOUNT_TEXTS.resetConfirmError)}
            {translate(failure.text)}
          </p>
          <p className="mb-0">
            {translate(ACCOUNT_TEXTS.resetConfirmErrorRetry)}{' '}
            <Link to="/forgot-password">
              <Trans>Send me a new reset link</Trans>
            </Link>
          </p>
        </Notice>
      )}
      <Form noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <TextField
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          required
          // The hint is the too-short error's own text: said once, as the error, when it is one.
          hint={problems.newPassword === PASSWORD_HINT ? undefined : translate(PASSWORD_HINT)}
          registration={register('newPassword')}
          error={translateOptional(problems.newPassword)}
        />
        <TextField
          label={t`Repeat new password`}
          type="password"
          autoComplete="new-password"
          required
          registration={register('confirmPassword')}
          invalid={Boolean(problems.confirmPassword)}
        />
        <Button type="submit" size="lg" className="w-100" disabled={isSubmitting}>
          {isSubmitting ? t`Saving…` : t`Reset Password`}
        </Button>
      </Form>
      {modal.element}
    </>
  );
}
