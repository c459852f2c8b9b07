import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ACCOUNT_TEXTS, MESSAGES, PASSWORD_HINT, type ResetPassword, ResetPasswordSchema } from '../../../../shared/account.ts';
import { DEFAULT_COUNTDOWN_SECONDS, useMessageModal } from '../../../components/message-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { serverMessage } from '../../../lib/api-failure.ts';
import { translate } from '../../../lib/i18n.ts';
import { clearSession } from '../../../lib/session.ts';
import { useSettledNavigate } from '../../../lib/use-settled-navigate.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { translateDialog, translateOptional } from '../translated.ts';

/** A failure told in the alert: our own text, or the server's explanation (an English text of src/shared). */
type Failure = { ours: MessageDescriptor } | { server: string };

const INCOMPLETE_LINK: Failure = { ours: msg`This link is incomplete.` };

/** The resetPassword link: choose a new password (the server then ends every session). */
export function ResetPasswordAction({ oobCode }: { oobCode: string | null }) {
  const { t, i18n } = useLingui();
  const navigate = useSettledNavigate();
  const modal = useMessageModal();
  const resetPassword = useResetPassword();
  const [failure, setFailure] = useState<Failure | null>(oobCode ? null : INCOMPLETE_LINK);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { oobCode: oobCode ?? '', newPassword: '', confirmPassword: '' },
  });

  const onValid = async (values: ResetPassword) => {
    try {
      await resetPassword.mutateAsync(values);
    } catch (error) {
      setFailure({ server: serverMessage(error) ?? String(error) });
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

  const onInvalid = (invalid: FieldErrors<ResetPassword>) => {
    if (invalid.oobCode) setFailure(INCOMPLETE_LINK);
    else if (invalid.confirmPassword?.message === MESSAGES.resetPasswordsDoNotMatch.body)
      void modal.show(translateDialog(MESSAGES.resetPasswordsDoNotMatch));
  };

  return (
    <>
      {failure !== null && (
        <Alert variant="danger">
          <p>
            {translate(ACCOUNT_TEXTS.resetConfirmError)}
            {'ours' in failure ? i18n._(failure.ours) : translate(failure.server)}
          </p>
          <p className="mb-0">
            {translate(ACCOUNT_TEXTS.resetConfirmErrorRetry)}{' '}
            <Link to="/forgot-password">
              <Trans>Send me a new reset link</Trans>
            </Link>
          </p>
        </Alert>
      )}
      <Form noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <TextField
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          required
          hint={translate(PASSWORD_HINT)}
          registration={register('newPassword')}
          error={translateOptional(errors.newPassword?.message)}
        />
        <TextField
          label={t`Repeat new password`}
          type="password"
          autoComplete="new-password"
          required
          registration={register('confirmPassword')}
          invalid={Boolean(errors.confirmPassword)}
        />
        <Button type="submit" size="lg" className="w-100" disabled={isSubmitting}>
          {isSubmitting ? t`Saving…` : t`Reset Password`}
        </Button>
      </Form>
      {modal.element}
    </>
  );
}
