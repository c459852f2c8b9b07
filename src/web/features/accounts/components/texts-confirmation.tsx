import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import type { Profile } from '../../../../shared/account.ts';
import { TEXT_CODE_MESSAGES, type TextCodeInput, TextCodeSchema } from '../../../../shared/text-messages.ts';
import { TextField } from '../../../components/text-field.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { translate } from '../../../lib/i18n.ts';
import { useConfirmTextsCode, useSendTextsCode } from '../api/texts-code.ts';
import { translateOptional } from '../translated.ts';

/** Why the last save sent no code, in the customer's words. */
const NO_CODE: Record<Exclude<NonNullable<Profile['textsCode']>, 'sent'>, string> = {
  limited: TEXT_CODE_MESSAGES.limited,
  taken: TEXT_CODE_MESSAGES.taken,
  stopped: TEXT_CODE_MESSAGES.stopped,
};

/**
 * Texts start only once the customer proves the number is theirs (decision 031): the code we texted it, typed
 * here, or a new code. Shown while texts are asked for at a number not yet confirmed.
 */
export function TextsConfirmation({ profile, onConfirmed }: { profile: Profile; onConfirmed: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const headingId = `${id}-heading`;
  const alert = useTimedAlert();
  const confirmCode = useConfirmTextsCode();
  const sendCode = useSendTextsCode();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TextCodeInput>({ resolver: zodResolver(TextCodeSchema), defaultValues: { code: '' } });
  const phone = profile.phoneNumber;
  const noCode = profile.textsCode && profile.textsCode !== 'sent' ? NO_CODE[profile.textsCode] : undefined;

  const onSubmit = async (values: TextCodeInput) => {
    try {
      await confirmCode.mutateAsync(values);
      onConfirmed();
    } catch (error) {
      reset({ code: '' });
      alert.show({ heading: t`Your number is not confirmed yet.`, body: errorText(error) ?? t`Please try again.` });
    }
  };
  const onSendCode = async () => {
    try {
      await sendCode.mutateAsync();
      alert.show({ variant: 'success', body: t`We texted a new code to ${phone}. It works for 15 minutes.` });
    } catch (error) {
      alert.show({ heading: t`No new code was sent.`, body: errorText(error) ?? t`Please try again.` });
    }
  };

  return (
    <section aria-labelledby={headingId} className="mt-4 pt-3 border-top">
      <h3 id={headingId} className="h5">
        <Trans>Confirm your number for texts</Trans>
      </h3>
      {noCode ? (
        <p className="fw-semibold">{translate(noCode)}</p>
      ) : (
        <p>
          <Trans>
            We texted a 6-digit code to {phone}. Enter it here to start your texts: until then, we send no texts to this number.
          </Trans>
        </p>
      )}
      <Form noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField
          label={t`Code from the text`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          registration={register('code')}
          error={translateOptional(errors.code?.message)}
        />
        <div className="d-flex flex-wrap gap-3">
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? t`Checking…` : t`Confirm number`}
          </Button>
          <Button type="button" size="lg" variant="outline-primary" onClick={onSendCode} disabled={sendCode.isPending}>
            {sendCode.isPending ? t`Sending…` : t`Send a new code`}
          </Button>
        </div>
      </Form>
      <div className="mt-3">{alert.element}</div>
    </section>
  );
}
