import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { type DeleteAccount, DeleteAccountSchema } from '../../../../shared/account.ts';
import { DEFAULT_COUNTDOWN_SECONDS, useMessageModal } from '../../../components/message-modal.tsx';
import { serverMessage } from '../../../lib/api-failure.ts';
import { translate } from '../../../lib/i18n.ts';
import { clearSession, whileEndingSession } from '../../../lib/session.ts';
import { useSettledNavigate } from '../../../lib/use-settled-navigate.ts';
import { EXPORT_URL, useDeleteAccount } from '../api/delete-account.ts';
import { translateOptional } from '../translated.ts';

/**
 * The account screen's "Your data" (decision 024): download everything the business holds about the customer, or
 * delete the account after typing the password in a dialog that says what deleting does.
 */
export function YourDataSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useLingui();
  const id = useId();
  const [deleting, setDeleting] = useState(false);
  const modal = useMessageModal();
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-5">
      <h2 id={`${id}-heading`} className="h4">
        <Trans>Your data</Trans>
      </h2>
      <p>
        <Trans>Download everything we hold about you: your details, your visits, your payments and invoices.</Trans>
      </p>
      <div className="d-flex flex-wrap gap-3">
        <a className="btn btn-outline-primary btn-lg" href={EXPORT_URL} download>
          <Trans>Download my data</Trans>
        </a>
        <Button size="lg" variant="outline-danger" onClick={() => setDeleting(true)}>
          <Trans>Delete my account</Trans>
        </Button>
      </div>
      <DeleteAccountDialog
        show={deleting}
        hasPassword={hasPassword}
        onClose={() => setDeleting(false)}
        onDeleted={(cancelled) => {
          setDeleting(false);
          return modal.show({
            title: t`Your account is deleted`,
            body:
              cancelled === 0
                ? t`Thank you for having been our customer.`
                : t`Your visits still to come are cancelled (${cancelled}), and you got an e-mail for each. Thank you for having been our customer.`,
            countdownSeconds: DEFAULT_COUNTDOWN_SECONDS,
          });
        }}
      />
      {modal.element}
    </section>
  );
}

function DeleteAccountDialog({
  show,
  hasPassword,
  onClose,
  onDeleted,
}: {
  show: boolean;
  hasPassword: boolean;
  onClose: () => void;
  /** Says it is done (resolves when the customer has read it); then the screen leaves for the home page. */
  onDeleted: (cancelled: number) => Promise<unknown>;
}) {
  const { t } = useLingui();
  const id = useId();
  const navigate = useSettledNavigate();
  const remove = useDeleteAccount();
  const [failure, setFailure] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccount>({ resolver: zodResolver(DeleteAccountSchema), defaultValues: { confirmation: '' } });
  const close = () => {
    reset();
    setFailure(undefined);
    onClose();
  };
  const submit = (values: DeleteAccount) =>
    whileEndingSession(async () => {
      setFailure(undefined);
      let cancelled: number;
      try {
        ({ cancelled } = await remove.mutateAsync(values));
      } catch (error) {
        setFailure(translateOptional(serverMessage(error)) ?? t`Your account could not be deleted. Please try again.`);
        return;
      }
      reset();
      await onDeleted(cancelled);
      await navigate('/');
      clearSession();
    });
  const fieldError = failure ?? (errors.confirmation?.message ? translate(errors.confirmation.message) : undefined);
  const errorId = `${id}-error`;
  return (
    <Modal show={show} onHide={close} aria-labelledby={`${id}-title`} centered>
      <Form noValidate onSubmit={handleSubmit(submit)}>
        <Modal.Header closeButton closeLabel={t`Close`}>
          <Modal.Title id={`${id}-title`}>
            <Trans>Delete your account?</Trans>
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            <Trans>
              Your visits still to come are cancelled, and you are signed out. Your login, your details and your trusted contact are
              deleted. Paid visits stay in our books, without your name or contact details.
            </Trans>
          </p>
          <Form.Group controlId={`${id}-confirmation`}>
            <Form.Label className="fw-semibold">{hasPassword ? t`Your password` : t`Your e-mail address`}</Form.Label>
            <Form.Control
              size="lg"
              type={hasPassword ? 'password' : 'email'}
              autoComplete={hasPassword ? 'current-password' : 'email'}
              {...register('confirmation')}
              isInvalid={Boolean(fieldError)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
            />
            {fieldError && (
              <Form.Control.Feedback type="invalid" id={errorId} role="alert">
                {fieldError}
              </Form.Control.Feedback>
            )}
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button size="lg" variant="outline-secondary" onClick={close}>
            <Trans>Keep my account</Trans>
          </Button>
          <Button size="lg" variant="danger" type="submit" disabled={isSubmitting}>
            {isSubmitting ? t`Deleting…` : t`Delete my account`}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
