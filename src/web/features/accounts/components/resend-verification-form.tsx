import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { type EmailOnly, EmailOnlySchema } from '../../../../shared/account.ts';
import { TextField } from '../../../components/text-field.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { serverMessage } from '../../../lib/api-failure.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { translateOptional } from '../translated.ts';
import { EMAIL_INPUT } from './email-input.ts';

/** "Send a new link": mails a fresh verification link when the old one failed. */
export function ResendVerificationForm() {
  const { t } = useLingui();
  const alert = useTimedAlert();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const resendVerification = useResendVerification();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(EmailOnlySchema), defaultValues: { email: '' } });

  const onValid = async (values: EmailOnly) => {
    try {
      await resendVerification.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      alert.show({ heading: t`The link could not be sent.`, body: translateOptional(serverMessage(error)) });
    }
  };

  return (
    <section aria-labelledby="resend-heading" className="mt-4">
      <h2 id="resend-heading" className="h4">
        <Trans>Send a new link</Trans>
      </h2>
      {sentTo ? (
        <Alert variant="success" role="status">
          <Trans>
            If {sentTo} has an account waiting to be verified, a new link is on its way. Please check your inbox and your spam folder.
          </Trans>
        </Alert>
      ) : (
        <>
          {alert.element}
          <Form noValidate onSubmit={handleSubmit(onValid)}>
            <TextField
              label={t`E-mail address`}
              autoComplete="email"
              {...EMAIL_INPUT}
              registration={register('email')}
              error={translateOptional(errors.email?.message)}
            />
            <Button type="submit" size="lg" className="w-100" disabled={isSubmitting}>
              {isSubmitting ? t`Sending…` : t`Send a new link`}
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
