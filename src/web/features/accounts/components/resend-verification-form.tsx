import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { checkEmailOnly, type EmailOnlyForm } from '../../../../shared/account-forms.ts';
import { Notice } from '../../../components/notice.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { useCheckedForm } from '../../../lib/checked-form.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { translateOptional } from '../translated.ts';
import { EMAIL_INPUT } from './email-input.ts';

/** "Send a new link": mails a fresh verification link when the old one failed. */
export function ResendVerificationForm() {
  const { t } = useLingui();
  const alert = useTimedAlert();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const resendVerification = useResendVerification();
  const { register, handleSubmit, problems, isSubmitting } = useCheckedForm<EmailOnlyForm>({ email: '' }, checkEmailOnly);

  const onValid = async (values: EmailOnlyForm) => {
    try {
      await resendVerification.run(values);
      setSentTo(values.email);
    } catch (error) {
      alert.show({ heading: t`The link could not be sent.`, body: errorText(error) });
    }
  };

  return (
    <section aria-labelledby="resend-heading" className="mt-4">
      <h2 id="resend-heading" className="h4">
        <Trans>Send a new link</Trans>
      </h2>
      {sentTo ? (
        <Notice variant="success" role="status">
          <Trans>
            If {sentTo} has an account waiting to be verified, a new link is on its way. Please check your inbox and your spam folder.
          </Trans>
        </Notice>
      ) : (
        <>
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
              {isSubmitting ? t`Sending…` : t`Send a new link`}
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
