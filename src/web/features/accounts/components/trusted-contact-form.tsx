import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { type TrustedContactInput, TrustedContactSchema } from '../../../../shared/text-messages.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useRemoveTrustedContact, useSaveTrustedContact, useTrustedContact } from '../api/trusted-contact.ts';
import { translateOptional } from '../translated.ts';
import { EstimateApprovalChoice } from './estimate-approval-choice.tsx';

/**
 * The account screen's trusted contact (decision 022): one person, say a son or a daughter, copied on the visit
 * confirmations, reminders and receipts. They get copies only, never access to the account, and can stop them.
 */
export function TrustedContactSection() {
  const { t } = useLingui();
  const id = useId();
  const headingId = `${id}-heading`;
  const contact = useTrustedContact();
  // Here, not in the form: saving or removing remounts the form with the new values, and the message stays.
  const alert = useTimedAlert();
  const saved = contact.data?.contact ?? null;
  if (contact.isPending) return null;
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h2 id={headingId} className="h4">
        <Trans>Trusted contact</Trans>
      </h2>
      <p>
        <Trans>
          Name one person, such as a family member who helps you, to get a copy of your visit confirmations, reminders and receipts by
          e-mail. We first ask them by e-mail, and copies start once they agree. They cannot see or change your account, and each copy has a
          link to stop the copies.
        </Trans>
      </p>
      {contact.isError ? (
        <p role="alert" className="text-danger fw-semibold">
          {t`Your trusted contact could not be loaded. Please reload the page.`}
        </p>
      ) : (
        <TrustedContactForm key={saved ? `${saved.email}-${saved.name}-${saved.phoneNumber}` : 'none'} saved={saved} alert={alert} />
      )}
      <div className="mt-3">{alert.element}</div>
      {saved && <EstimateApprovalChoice name={saved.name} allowed={saved.mayApproveEstimates} />}
    </section>
  );
}

function TrustedContactForm({
  saved,
  alert,
}: {
  saved: { name: string; email: string; phoneNumber: string; copiesStopped: boolean; status: 'invited' | 'agreed' | 'stopped' } | null;
  alert: Pick<ReturnType<typeof useTimedAlert>, 'show' | 'clear'>;
}) {
  const { t } = useLingui();
  const confirm = useConfirm();
  const save = useSaveTrustedContact();
  const remove = useRemoveTrustedContact();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TrustedContactInput>({
    resolver: zodResolver(TrustedContactSchema),
    defaultValues: saved
      ? { name: saved.name, email: saved.email, phoneNumber: saved.phoneNumber }
      : { name: '', email: '', phoneNumber: '' },
  });

  const onSubmit = async (values: TrustedContactInput) => {
    try {
      await save.mutateAsync(values);
      alert.show({
        variant: 'success',
        body: t`Your trusted contact is saved. We e-mailed them an invitation: copies start once they agree.`,
      });
    } catch (error) {
      alert.show({
        heading: t`Your trusted contact was not saved.`,
        body: errorText(error) ?? t`Please try again.`,
      });
    }
  };
  const name = saved?.name ?? '';
  const onRemove = async () => {
    if (!saved || !(await confirm(t`Stop sending copies to ${name}?`))) return;
    try {
      await remove.mutateAsync();
      alert.show({ variant: 'success', body: t`Your trusted contact is removed. No more copies will be sent.` });
    } catch (error) {
      alert.show({
        heading: t`Your trusted contact was not removed.`,
        body: errorText(error) ?? t`Please try again.`,
      });
    }
  };

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)}>
      {saved?.status === 'stopped' && (
        <p className="fw-semibold">
          <Trans>{name} said no to the copies, so none are sent. Only they can change that, from our invitation.</Trans>
        </p>
      )}
      {saved?.status === 'invited' && (
        <p className="fw-semibold">
          <Trans>We e-mailed {name} an invitation. Copies start once they agree.</Trans>
        </p>
      )}
      {saved?.status === 'agreed' && (
        <p>
          <Trans>{name} agreed and gets copies.</Trans>
        </p>
      )}
      <TextField
        label={t`Their name`}
        autoComplete="off"
        required
        registration={register('name')}
        error={translateOptional(errors.name?.message)}
      />
      <TextField
        label={t`Their e-mail`}
        type="email"
        autoComplete="off"
        required
        registration={register('email')}
        error={translateOptional(errors.email?.message)}
      />
      <TextField
        label={t`Their phone (optional)`}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        hint={t`Optional. We never text this number.`}
        registration={register('phoneNumber')}
        error={translateOptional(errors.phoneNumber?.message)}
      />
      <div className="d-flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? t`Saving…` : t`Save trusted contact`}
        </Button>
        {saved && (
          <Button type="button" size="lg" variant="outline-danger" onClick={onRemove} disabled={remove.isPending}>
            <Trans>Remove trusted contact</Trans>
          </Button>
        )}
      </div>
    </Form>
  );
}
