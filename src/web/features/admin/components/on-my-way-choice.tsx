import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { AdminAppointment } from '../../../../shared/admin.ts';
import { businessDateOf } from '../../../../shared/business-time.ts';
import { ARRIVAL_MINUTES, formatArrivalTime, type OnMyWayAnswer, type OnMyWayRequest } from '../../../../shared/on-the-way.ts';
import { serverMessage } from '../../../lib/api-failure.ts';
import { useOnMyWay } from '../api/on-my-way.ts';

/** Whether "On my way" applies: an in-person visit of today (New York), not yet completed. */
export function offersOnMyWay(appointment: AdminAppointment, now: number = Date.now()): boolean {
  const startsAt = Date.parse(appointment.startsAt);
  return !appointment.isRemote && !appointment.isCompleted && !Number.isNaN(startsAt) && businessDateOf(startsAt) === businessDateOf(now);
}

/** What the owner reads once it is sent: the arrival, and who was told how. */
function sentText(answer: OnMyWayAnswer, name: string): string {
  const time = formatArrivalTime(Date.parse(answer.arrivesAt), 'en');
  if (answer.repeated) return `Already sent a moment ago: ${name} expects you about ${time}.`;
  const how = answer.texted ? 'texted and e-mailed' : 'e-mailed (no texts: they have not asked for them)';
  return `Sent: ${name} ${how}, arriving about ${time}${answer.contactCopied ? '; their trusted contact has a copy' : ''}.`;
}

/**
 * "On my way" (issue 39), on the weekend agenda and on the visit's row: one tap opens the arrival estimate (15, 30,
 * 45 or 60 minutes, or a time typed for today); a choice sends the customer a text (if they asked for texts) and an
 * e-mail with the technician's name, the time and their code word, and their trusted contact a copy when agreed.
 * Every button waits while it sends, and the server sends an identical estimate only once a minute.
 */
export function OnMyWayChoice({
  appointment,
  name,
  showCodeWord = false,
}: {
  appointment: AdminAppointment;
  name: string;
  /** Say the customer's code word beside the button (the list's row; the agenda lists it with the visit). */
  showCodeWord?: boolean;
}) {
  const id = useId();
  const onMyWay = useOnMyWay();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const sending = onMyWay.isPending;

  const send = async (request: OnMyWayRequest) => {
    if (sending) return;
    setSaid(null);
    try {
      const answer = await onMyWay.mutateAsync({ appointmentId: appointment.id, request });
      setSaid({ ok: true, text: sentText(answer, name) });
      setOpen(false);
      setTyped('');
      toggle.current?.focus();
    } catch (error) {
      setSaid({ ok: false, text: serverMessage(error) ?? 'It could not be sent. Please call the customer.' });
    }
  };
  const sendTyped = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{2}:\d{2}$/.test(typed)) {
      setSaid({ ok: false, text: 'Type the arrival time as HH:MM, e.g. 10:40 or 14:05.' });
      return;
    }
    void send({ at: typed });
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setOpen(false);
    toggle.current?.focus();
  };
  const current = appointment.arrivesAt ? formatArrivalTime(Date.parse(appointment.arrivesAt), 'en') : null;

  return (
    <div className="on-my-way">
      <Button
        ref={toggle}
        variant="outline-primary"
        className="on-my-way-toggle"
        aria-expanded={open}
        aria-controls={`${id}-choice`}
        onClick={() => setOpen((shown) => !shown)}
      >
        On my way<span className="visually-hidden"> ({name})</span>
      </Button>
      {open ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the choice from any of its controls.
        <div id={`${id}-choice`} className="on-my-way-choice" onKeyDown={closeOnEscape}>
          <fieldset disabled={sending}>
            <legend className="fs-6 fw-semibold">Arriving in</legend>
            <div className="on-my-way-minutes">
              {ARRIVAL_MINUTES.map((minutes) => (
                <Button key={minutes} variant="primary" onClick={() => void send({ minutes })} autoFocus={minutes === ARRIVAL_MINUTES[0]}>
                  {minutes} min<span className="visually-hidden"> ({name})</span>
                </Button>
              ))}
            </div>
          </fieldset>
          <Form onSubmit={sendTyped} className="on-my-way-time">
            <fieldset disabled={sending}>
              <Form.Label htmlFor={`${id}-time`}>Or arriving at (today, HH:MM)</Form.Label>
              <div className="on-my-way-time-row">
                <Form.Control id={`${id}-time`} type="time" value={typed} onChange={(event) => setTyped(event.target.value)} required />
                <Button type="submit" variant="primary">
                  Send<span className="visually-hidden"> (arrival time for {name})</span>
                </Button>
              </div>
            </fieldset>
          </Form>
          {sending ? <p className="mb-0">Sending…</p> : null}
        </div>
      ) : null}
      {showCodeWord && appointment.customer.codeWord ? (
        <p className="mb-0">
          Code word to say at the door: <strong>{appointment.customer.codeWord}</strong>
        </p>
      ) : null}
      <p role="status" className={said && !said.ok ? 'text-danger fw-semibold mb-0' : 'mb-0'}>
        {said?.text ?? (current ? `Sent earlier: arriving about ${current}.` : '')}
      </p>
    </div>
  );
}
