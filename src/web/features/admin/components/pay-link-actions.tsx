import './pay-link-actions.css';
import { useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { AdminAppointment } from '../../../../shared/admin.ts';
import { LOCALE_QUERY_PARAMETER } from '../../../../shared/locale.ts';
import { payLinkPath } from '../../../../shared/pay-link.ts';
import { serverMessage } from '../../../lib/api-failure.ts';
import { useResendPayLink } from '../api/resend-pay-link.ts';

/** A job the customer can pay online: completed, with an amount, not paid (the server decides in the end). */
export const hasPayLink = (appointment: AdminAppointment) => appointment.isCompleted && !appointment.isPaid && appointment.amountCents > 0;

/**
 * The job's pay link as the e-mail gives it, on this site's address: in Spanish for a customer who reads Spanish
 * (the e-mails' own links say `?lang=es` too).
 */
export function payLinkUrl(appointment: AdminAppointment, origin: string = window.location.origin): string {
  const url = new URL(payLinkPath(appointment.id), origin);
  if (appointment.customer.locale === 'es') url.searchParams.set(LOCALE_QUERY_PARAMETER, 'es');
  return url.toString();
}

type Said = { ok: boolean; text: string };

/**
 * "Resend pay link" and "Copy pay link" on a completed job (issue 40). Resend asks the server, which e-mails the
 * link again (and texts it to a customer who takes texts), at most once in 10 minutes, and notes it in the job's
 * history; the result is said below the buttons. Copy puts the link on the clipboard and says so; when the browser
 * refuses, the link is shown, selected, to copy by hand.
 */
export function PayLinkActions({ appointment, about }: { appointment: AdminAppointment; about: string }) {
  const id = useId();
  const resend = useResendPayLink();
  const [said, setSaid] = useState<Said | null>(null);
  const [shown, setShown] = useState(false);
  const link = useRef<HTMLTextAreaElement>(null);
  const url = payLinkUrl(appointment);

  useEffect(() => {
    if (!shown) return;
    link.current?.focus();
    link.current?.select();
  }, [shown]);

  const sendAgain = async () => {
    if (resend.isPending) return;
    setSaid(null);
    try {
      const answer = await resend.mutateAsync(appointment.id);
      setSaid({ ok: true, text: `Pay link sent again by ${answer.texted ? 'e-mail and text' : 'e-mail'}.` });
    } catch (error) {
      setSaid({ ok: false, text: serverMessage(error) ?? 'The pay link could not be sent. Please try again.' });
    }
  };

  const copy = async () => {
    setSaid(null);
    try {
      // Refused outside a secure page, by a browser's permission, or where there is no clipboard at all.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setShown(false);
      setSaid({ ok: true, text: 'Pay link copied. Paste it into a message to the customer.' });
    } catch {
      setShown(true);
      setSaid({ ok: true, text: 'The browser did not let us copy. The link is selected below: copy it with Ctrl+C (⌘+C on a Mac).' });
    }
  };

  return (
    <div className="pay-link-actions">
      <div className="pay-link-buttons">
        <Button variant="outline-primary" onClick={() => void sendAgain()} disabled={resend.isPending}>
          {resend.isPending ? 'Sending…' : 'Resend pay link'}
          <span className="visually-hidden">{about}</span>
        </Button>
        <Button variant="outline-primary" onClick={() => void copy()}>
          Copy pay link<span className="visually-hidden">{about}</span>
        </Button>
      </div>
      <p role="status" className={said && !said.ok ? 'text-danger fw-semibold mb-0' : 'mb-0'}>
        {said?.text ?? ''}
      </p>
      {shown ? (
        <Form.Group controlId={`${id}-link`} className="pay-link-fallback">
          <Form.Label>Pay link{about}</Form.Label>
          <Form.Control ref={link} as="textarea" rows={3} readOnly value={url} />
        </Form.Group>
      ) : null}
    </div>
  );
}
