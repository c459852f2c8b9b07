import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { DELETE_REAUTH_MINUTES, type DeleteAccount, DeleteAccountSchema } from '../../../../shared/account.ts';
import { DEFAULT_COUNTDOWN_SECONDS, useMessageModal } from '../../../components/message-modal.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { translate } from '../../../lib/i18n.ts';
import { clearSession, whileEndingSession } from '../../../lib/session.ts';
import { useSettledNavigate } from '../../../lib/use-settled-navigate.ts';
import { EXPORT_URL, useDeleteAccount } from '../api/delete-account.ts';
import { useGoogleSignInAgain } from '../api/google-sign-in-again.ts';

/**
 * The account screen's "Your data" (decision 024): download everything the business holds about the customer, or
 * delete the account after typing the password in a dialog that says what deleting does. An account without a
 * password signs in with Google again instead, and comes back here (`?delete=google`) to confirm (issue 36).
 */
export function YourDataSection({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  const { t } = useLingui();
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const [returned] = useState(() => searchParams.get('delete'));
  const [deleting, setDeleting] = useState(returned === 'google' || returned === 'google-failed');
  const [signedInAgain, setSignedInAgain] = useState(returned === 'google');
  const modal = useMessageModal();
  // Read once: a refresh of the page must not open the dialog again (better-auth adds `error` to a failure's address).
  useEffect(() => {
    if (!returned) return;
    setSearchParams(
      (params) => {
        params.delete('delete');
        params.delete('error');
        return params;
      },
      { replace: true },
    );
  }, [returned, setSearchParams]);
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
        email={email}
        signedInAgain={signedInAgain}
        googleFailed={returned === 'google-failed'}
        onSignInExpired={() => setSignedInAgain(false)}
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
  email,
  signedInAgain,
  googleFailed,
  onSignInExpired,
  onClose,
  onDeleted,
}: {
  show: boolean;
  hasPassword: boolean;
  email: string;
  /** An account without a password came back from signing in with Google again, minutes ago. */
  signedInAgain: boolean;
  /** That sign-in failed at Google. */
  googleFailed: boolean;
  /** The server said the sign-in is too old (or missing): the dialog offers it again. */
  onSignInExpired: () => void;
  onClose: () => void;
  /** Says it is done (resolves when the customer has read it); then the screen leaves for the home page. */
  onDeleted: (cancelled: number) => Promise<unknown>;
}) {
  const { t } = useLingui();
  const id = useId();
  const navigate = useSettledNavigate();
  const remove = useDeleteAccount();
  const google = useGoogleSignInAgain();
  // Once Google's address is known the browser is on its way there: the button stays busy until the page is gone.
  const googleBusy = google.isPending || google.isSuccess;
  const minutes = DELETE_REAUTH_MINUTES;
  const [failure, setFailure] = useState<string | undefined>(() =>
    googleFailed ? t`Signing in with Google did not work. Please try again.` : undefined,
  );
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
        ({ cancelled } = await remove.mutateAsync(hasPassword ? values : {}));
      } catch (error) {
        if (error instanceof ApiRequestError && error.code === 'REAUTH_REQUIRED') onSignInExpired();
        setFailure(errorText(error) ?? t`Your account could not be deleted. Please try again.`);
        return;
      }
      reset();
      await onDeleted(cancelled);
      await navigate('/');
      clearSession();
    });
  const signInAgain = () => {
    setFailure(undefined);
    google.mutateAsync().then(
      ({ url }) => window.location.assign(url),
      () => setFailure(t`Signing in with Google did not work. Please try again.`),
    );
  };
  const fieldError = failure ?? (errors.confirmation?.message ? translate(errors.confirmation.message) : undefined);
  const errorId = `${id}-error`;
  // Without a password there is nothing to type: the fresh Google sign-in confirms, and the server checks it.
  const onSubmit = hasPassword
    ? handleSubmit(submit)
    : (event: FormEvent) => {
        event.preventDefault();
        return submit({});
      };
  return (
    <Modal show={show} onHide={close} aria-labelledby={`${id}-title`} centered>
      <Form noValidate onSubmit={onSubmit}>
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
          {hasPassword ? (
            <Form.Group controlId={`${id}-confirmation`}>
              <Form.Label className="fw-semibold">{t`Your password`}</Form.Label>
              <Form.Control
                size="lg"
                type="password"
                autoComplete="current-password"
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
          ) : (
            <>
              {failure && (
                <Alert variant="danger" role="alert">
                  {failure}
                </Alert>
              )}
              {signedInAgain ? (
                <p>
                  <Trans>
                    You signed in with Google again as <strong className="text-break">{email}</strong>. This is the account that will be
                    deleted.
                  </Trans>
                </p>
              ) : (
                <>
                  <p>
                    <Trans>
                      For your safety, please sign in with Google again first. You come back here, and then have {minutes} minutes to delete
                      your account.
                    </Trans>
                  </p>
                  <Button size="lg" variant="primary" onClick={signInAgain} disabled={googleBusy}>
                    {googleBusy ? t`Going to Google…` : t`Sign in with Google again`}
                  </Button>
                </>
              )}
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button size="lg" variant="outline-secondary" onClick={close}>
            <Trans>Keep my account</Trans>
          </Button>
          {(hasPassword || signedInAgain) && (
            <Button size="lg" variant="danger" type="submit" disabled={isSubmitting || remove.isPending}>
              {isSubmitting || remove.isPending ? t`Deleting…` : t`Delete my account`}
            </Button>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
