import '../appointments.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate } from 'react-router';
import { APPOINTMENT_TEMPLATES } from '../../../../shared/appointment-templates.ts';
import {
  APPOINTMENT_TEXTS,
  type CustomerAppointment,
  canCancelAppointment,
  canPayAppointment,
  isBeforeChangeDeadline,
} from '../../../../shared/appointments.ts';
import type { EstimateSummary } from '../../../../shared/estimates.ts';
import { isOnTheWayToday } from '../../../../shared/on-the-way.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { useMessageModal } from '../../../components/message-modal.tsx';
import { StatusChip, visitStatusOf } from '../../../components/status-chip.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { appConfig } from '../../../lib/app-config.ts';
import { reportError } from '../../../lib/error-reporter.ts';
import { errorText } from '../../../lib/error-text.ts';
import { activeLocale, translate } from '../../../lib/i18n.ts';
import { useCancelAppointment } from '../api/cancel-appointment.ts';
import { appointmentTime, appointmentType, arrivalTime, money } from '../formats.ts';
import { visitDetails, visitOf } from '../visit-details.ts';
import { useRescheduleDialog } from './reschedule-dialog.tsx';

/** What the checkout screen receives through the navigation state. */
export type PaymentState = { appointmentId: string; amountCents: number };

type Row = { appointment: CustomerAppointment; startsAt: number | undefined };

function rowsOf(appointments: CustomerAppointment[]): Row[] {
  const rows = appointments.map((appointment) => {
    const startsAt = typeof appointment.startsAt === 'string' ? Date.parse(appointment.startsAt) : Number.NaN;
    return { appointment, startsAt: Number.isNaN(startsAt) ? undefined : startsAt };
  });
  // By time; a row whose time cannot be read goes last.
  return rows.sort((a, b) => (a.startsAt ?? Number.POSITIVE_INFINITY) - (b.startsAt ?? Number.POSITIVE_INFINITY));
}

type Actions = {
  onEdit: (appointment: CustomerAppointment) => void;
  onReschedule: (appointment: CustomerAppointment) => void;
  onCancel: (appointment: CustomerAppointment) => void;
  onPay: (appointment: CustomerAppointment) => void;
  cancelling: string | undefined;
};

/** A button whose accessible name carries the visit it acts on, starting with its visible word. */
function RowButton({ word, when, variant, onClick }: { word: string; when: string; variant: string; onClick: () => void }) {
  return (
    <Button variant={variant} onClick={onClick} className="appointment-action">
      {word}
      <span className="visually-hidden">
        {' '}
        <Trans>(visit of {when})</Trans>
      </span>
    </Button>
  );
}

function DescriptionText({ appointment }: { appointment: CustomerAppointment }) {
  return appointment.description ? (
    <span className="appointment-description">{appointment.description}</span>
  ) : (
    <span className="appointment-description text-body-secondary">
      <Trans>No description yet.</Trans>
    </span>
  );
}

/**
 * Whether the owner's estimate of the visit waits for the customer's answer: the list's `estimate` (the latest one's
 * state), which answers of before estimates do not carry.
 */
const estimateWaiting = (appointment: CustomerAppointment) =>
  (appointment as CustomerAppointment & { estimate?: EstimateSummary }).estimate?.state === 'sent';

/** A visit not done yet whose time has not come: it may go into the customer's calendar. */
const isStillToCome = (appointment: CustomerAppointment) =>
  !appointment.isCompleted && !appointment.isPaid && Date.parse(appointment.startsAt) > Date.now();

/** The visit's calendar file (an .ics download), in the language on screen. */
const calendarFileUrl = (appointmentId: string) =>
  `/api/appointments/${encodeURIComponent(appointmentId)}/calendar.ics?lang=${encodeURIComponent(activeLocale())}`;

function RowActions({ appointment, when, actions }: { appointment: CustomerAppointment; when: string; actions: Actions }) {
  const { t } = useLingui();
  return (
    <div className="d-flex flex-wrap gap-2">
      <RowButton
        word={t`Change time`}
        when={when}
        variant={canCancelAppointment(appointment) ? 'outline-primary' : 'outline-secondary'}
        onClick={() => actions.onReschedule(appointment)}
      />
      <RowButton
        word={actions.cancelling === appointment.id ? t`Cancelling…` : t`Cancel`}
        when={when}
        variant={canCancelAppointment(appointment) ? 'outline-danger' : 'outline-secondary'}
        onClick={() => actions.onCancel(appointment)}
      />
      <RowButton
        word={t`Pay`}
        when={when}
        variant={canPayAppointment(appointment) ? 'success' : 'outline-secondary'}
        onClick={() => actions.onPay(appointment)}
      />
      {estimateWaiting(appointment) && (
        // The owner sent an estimate the customer has not answered yet (issue 38).
        <Link to={`/estimate/${encodeURIComponent(appointment.id)}`} className="btn btn-warning appointment-action">
          {t`Estimate to approve`}
          <span className="visually-hidden">
            {' '}
            <Trans>(visit of {when})</Trans>
          </span>
        </Link>
      )}
      {isStillToCome(appointment) && (
        // The visit's own calendar file (issue 40): the same event as the invite the confirmation e-mail carried.
        <a href={calendarFileUrl(appointment.id)} download className="btn btn-outline-primary appointment-action">
          {t`Add to calendar`}
          <span className="visually-hidden">
            {' '}
            <Trans>(visit of {when})</Trans>
          </span>
        </a>
      )}
      {appointment.isCompleted && appointment.amountCents > 0 && (
        // A job completed with an amount has its invoice, to read and print before paying.
        <Link to={`/invoice/${encodeURIComponent(appointment.id)}`} className="btn btn-outline-primary appointment-action">
          {t`Invoice`}
          <span className="visually-hidden">
            {' '}
            <Trans>(visit of {when})</Trans>
          </span>
        </Link>
      )}
    </div>
  );
}

/** The time now, again each minute: a screen left open drops "on the way" once the visit's day has ended. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * "On the way, arriving about 10:40am" for each visit of today the technician has left for (issue 39). Always on the
 * page, as a polite live region, so that the line read again from the live update is announced when it appears.
 */
function OnTheWay({ rows }: { rows: Row[] }) {
  const now = useMinuteClock();
  const onTheWay = rows.filter(
    ({ appointment, startsAt }) =>
      startsAt !== undefined && !appointment.isCompleted && isOnTheWayToday(appointment.arrivesAt ?? null, now),
  );
  return (
    <div aria-live="polite" className="on-the-way-status">
      {onTheWay.map(({ appointment, startsAt }) => {
        const time = arrivalTime(Date.parse(appointment.arrivesAt ?? ''));
        const when = appointmentTime(startsAt ?? 0);
        return (
          <p key={appointment.id} className="alert alert-info on-the-way fs-5" data-appointment-id={appointment.id}>
            <strong>
              <Trans>On the way, arriving about {time}</Trans>
            </strong>{' '}
            <span className="d-block fs-6">
              <Trans>(visit of {when})</Trans>
            </span>
          </p>
        );
      })}
    </div>
  );
}

/** The spec's row for an appointment without a readable time; the problem goes to the error log once. */
function useReportBrokenRow(appointment: CustomerAppointment) {
  useEffect(() => {
    void reportError({
      error: `Appointment without a valid date: ${String(appointment.startsAt)}`,
      componentName: 'GetUserObjs',
      appointmentIdentifier: appointment.id,
    });
  }, [appointment.id, appointment.startsAt]);
}

function BrokenTableRow({ appointment }: { appointment: CustomerAppointment }) {
  useReportBrokenRow(appointment);
  return (
    <tr>
      <td colSpan={5} className="text-danger fw-semibold">
        {translate(APPOINTMENT_TEXTS.rowError)}
      </td>
    </tr>
  );
}

function BrokenCard() {
  return <li className="appointment-card text-danger fw-semibold">{translate(APPOINTMENT_TEXTS.rowError)}</li>;
}

function AppointmentTable({ rows, actions, labelledBy }: { rows: Row[]; actions: Actions; labelledBy: string }) {
  const { t } = useLingui();
  return (
    <Table className="appointment-table align-middle" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Date and time</Trans>
          </th>
          <th scope="col">
            <Trans>Visit Type</Trans>
          </th>
          <th scope="col">
            <Trans>Description</Trans>
          </th>
          <th scope="col">
            <Trans>Amount</Trans>
          </th>
          <th scope="col">
            <Trans>Actions</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ appointment, startsAt }) => {
          if (startsAt === undefined) return <BrokenTableRow key={appointment.id} appointment={appointment} />;
          const when = appointmentTime(startsAt);
          return (
            <tr key={appointment.id}>
              <td className="appointment-when">{when}</td>
              <td>{appointmentType(appointment.isRemote)}</td>
              <td className="appointment-description-cell">
                <DescriptionText appointment={appointment} />
                <div className="mt-2">
                  <RowButton word={t`Edit`} when={when} variant="outline-primary" onClick={() => actions.onEdit(appointment)} />
                </div>
              </td>
              <td className={amountPending(appointment) ? undefined : 'text-nowrap'}>
                <AmountText appointment={appointment} />
              </td>
              <td>
                <RowActions appointment={appointment} when={when} actions={actions} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/** A visit not yet done whose amount the owner has not set: the amount comes with the visit, not "$0.00". */
const amountPending = (appointment: CustomerAppointment) => !appointment.isCompleted && appointment.amountCents === 0;

function AmountText({ appointment }: { appointment: CustomerAppointment }) {
  return amountPending(appointment) ? <Trans>Set after the visit</Trans> : money(appointment.amountCents);
}

/** The same appointments as cards, for phones: one visit per card, every field named. */
function AppointmentCards({ rows, actions }: { rows: Row[]; actions: Actions }) {
  const { t } = useLingui();
  return (
    <ul className="appointment-cards list-unstyled">
      {rows.map(({ appointment, startsAt }) => {
        if (startsAt === undefined) return <BrokenCard key={appointment.id} />;
        const when = appointmentTime(startsAt);
        return (
          <li key={appointment.id} className="appointment-card">
            <h3 className="h5 appointment-when">{when}</h3>
            <StatusChip status={visitStatusOf(appointment)} className="mb-2" />
            <dl>
              <dt>
                <Trans>Visit Type</Trans>
              </dt>
              <dd>{appointmentType(appointment.isRemote)}</dd>
              <dt>
                <Trans>Description</Trans>
              </dt>
              <dd>
                <DescriptionText appointment={appointment} />
                <div className="mt-2">
                  <RowButton word={t`Edit`} when={when} variant="outline-primary" onClick={() => actions.onEdit(appointment)} />
                </div>
              </dd>
              <dt>
                <Trans>Amount</Trans>
              </dt>
              <dd>
                <AmountText appointment={appointment} />
              </dd>
            </dl>
            <RowActions appointment={appointment} when={when} actions={actions} />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The customer's open appointments with Edit (description), Cancel and Pay. Cancel and Pay are always offered
 * and explain themselves when they do not apply, as the spec has it. Wide screens get a table; phones and tablets get cards.
 */
export function AppointmentList({
  appointments,
  onEditDescription,
}: {
  appointments: CustomerAppointment[];
  onEditDescription: (appointment: CustomerAppointment) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const confirm = useConfirm();
  const modal = useMessageModal();
  const alert = useTimedAlert();
  const cancel = useCancelAppointment();
  const cancelling = cancel.isPending ? cancel.variables : undefined;
  const rescheduleDialog = useRescheduleDialog((moved) => {
    alert.show({
      variant: 'success',
      body: translate(APPOINTMENT_TEMPLATES.rescheduled, { when: appointmentTime(Date.parse(moved.startsAt)) }),
    });
    heading.current?.focus();
  });

  /**
   * Whether the visit may still be changed online; if not, says why (completed or paid, or past the owner's cut-off,
   * with the phone number) and answers false. The server decides in the end; this spares a pointless dialog.
   */
  const mayChange = async (appointment: CustomerAppointment, notAllowed: string): Promise<boolean> => {
    if (!canCancelAppointment(appointment)) {
      await modal.show({ title: translate(APPOINTMENT_TEXTS.cancelNotAllowedTitle), body: translate(notAllowed) });
      return false;
    }
    if (!isBeforeChangeDeadline(appointment, Date.now())) {
      const hours = Math.round((Date.parse(appointment.startsAt) - Date.parse(appointment.changeBy ?? '')) / 3_600_000);
      await modal.show({
        title: translate(APPOINTMENT_TEXTS.cancelNotAllowedTitle),
        body: translate(APPOINTMENT_TEMPLATES.pastCutoff, { hours, phone: appConfig.supportPhone }),
      });
      return false;
    }
    return true;
  };

  const onReschedule = async (appointment: CustomerAppointment) => {
    if (await mayChange(appointment, APPOINTMENT_TEXTS.rescheduleNotAllowed)) rescheduleDialog.open(appointment);
  };

  const onCancel = async (appointment: CustomerAppointment) => {
    if (cancel.isPending) return;
    if (!(await mayChange(appointment, APPOINTMENT_TEXTS.cancelNotAllowedBody))) return;
    // The spec's question ends "If YES select OK"; its other answer keeps the visit, so it does not say "Cancel".
    const details = visitDetails(visitOf(appointment));
    if (!(await confirm(translate(APPOINTMENT_TEXTS.cancelConfirm), { dismissLabel: t`Keep my visit`, details }))) return;
    try {
      // Resolves once the list has been read again.
      await cancel.mutateAsync(appointment.id);
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'NOT_ALLOWED') {
        await modal.show({ title: translate(APPOINTMENT_TEXTS.cancelNotAllowedTitle), body: errorText(error) });
      } else {
        alert.show({ body: translate(APPOINTMENT_TEXTS.deleteError) });
      }
      return;
    }
    alert.show({ variant: 'success', body: t`Your visit has been cancelled.` });
    // The row and its buttons are gone; the list's heading keeps the reader's place.
    heading.current?.focus();
  };

  const onPay = async (appointment: CustomerAppointment) => {
    if (!canPayAppointment(appointment)) {
      await modal.show({ title: translate(APPOINTMENT_TEXTS.payNotAllowedTitle), body: translate(APPOINTMENT_TEXTS.payNotAllowedBody) });
      return;
    }
    const amount = money(appointment.amountCents);
    if (!(await confirm(t`Go to checkout to pay ${amount}? If YES select OK`))) return;
    const state: PaymentState = { appointmentId: appointment.id, amountCents: appointment.amountCents };
    void navigate('/makepayment', { state });
  };

  const actions: Actions = { onEdit: onEditDescription, onReschedule, onCancel, onPay, cancelling };
  const rows = rowsOf(appointments);
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="appointment-list my-5">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="h3">
        <Trans>Your appointments</Trans>
      </h2>
      {alert.element}
      <OnTheWay rows={rows} />
      {rows.length === 0 ? (
        <p className="fs-5">
          <Trans>You have no appointments booked.</Trans>
        </p>
      ) : (
        <>
          <div className="appointment-list-wide">
            <AppointmentTable rows={rows} actions={actions} labelledBy={headingId} />
          </div>
          <div className="appointment-list-narrow">
            <AppointmentCards rows={rows} actions={actions} />
          </div>
        </>
      )}
      {modal.element}
      {rescheduleDialog.element}
    </section>
  );
}
