import { type ReactNode, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { type AdminAppointment, customerLanguageName, notesAsWritten } from '../../../../shared/admin.ts';
import { appointmentTypeLabel, formatDollars } from '../../../../shared/appointments.ts';
import { formatAppointmentTime } from '../../../../shared/business-time.ts';
import { StatusChip, visitStatusOf } from '../../../components/status-chip.tsx';
import { telHref } from '../../../lib/app-config.ts';
import { EstimateBadge } from './estimate-badge.tsx';
import { OnMyWayChoice, offersOnMyWay } from './on-my-way-choice.tsx';
import { EmailAddress, TableRegion } from './table-region.tsx';

export type AppointmentActions = {
  onEdit: (appointment: AdminAppointment) => void;
  onDelete: (appointment: AdminAppointment) => void;
  /** The appointment being deleted, if any. */
  deleting: string | undefined;
  /** More actions of the screen's own after Edit and Delete (the completed list's pay link), named with `about`. */
  extra?: (appointment: AdminAppointment, about: string) => ReactNode;
};

export function customerName(appointment: AdminAppointment): string {
  return `${appointment.customer.firstName} ${appointment.customer.lastName}`.trim() || appointment.customer.email;
}

function address(appointment: AdminAppointment): string {
  const { streetAddress, city, state, zipCode } = appointment.customer;
  return streetAddress ? `${streetAddress}, ${city}, ${state} ${zipCode}` : 'No address on file';
}

function when(appointment: AdminAppointment): string {
  const startsAt = Date.parse(appointment.startsAt);
  return Number.isNaN(startsAt) ? 'Unknown time' : formatAppointmentTime(startsAt);
}

/** Edit and Delete, named with the visit they act on (the visible word first, for voice control). */
function RowActions({ appointment, actions }: { appointment: AdminAppointment; actions: AppointmentActions }) {
  const about = ` (${customerName(appointment)}, ${when(appointment)})`;
  return (
    <div className="admin-row-actions">
      <Button variant="primary" onClick={() => actions.onEdit(appointment)}>
        Edit<span className="visually-hidden">{about}</span>
      </Button>
      <Button variant="outline-danger" disabled={actions.deleting === appointment.id} onClick={() => actions.onDelete(appointment)}>
        {actions.deleting === appointment.id ? 'Deleting…' : 'Delete'}
        <span className="visually-hidden">{about}</span>
      </Button>
      {offersOnMyWay(appointment) ? <OnMyWayChoice appointment={appointment} name={customerName(appointment)} showCodeWord /> : null}
      {actions.extra?.(appointment, about)}
    </div>
  );
}

function contactLinks(appointment: AdminAppointment): { email: ReactNode; phone: ReactNode } {
  const { email, phoneNumber } = appointment.customer;
  return {
    email: (
      <a href={`mailto:${email}`}>
        <EmailAddress address={email} />
      </a>
    ),
    phone: phoneNumber ? <a href={telHref(phoneNumber)}>{phoneNumber}</a> : '—',
  };
}

/** The customer's saved language, in itself ("Español"), marked as that language for screen readers. */
function Language({ appointment }: { appointment: AdminAppointment }): ReactNode {
  const { locale } = appointment.customer;
  return <span lang={locale}>{customerLanguageName(locale)}</span>;
}

function Description({ text }: { text: string }): ReactNode {
  return text || <span className="text-body-secondary">No description yet.</span>;
}

/** The owner's notes; the stored default ("Enter notes here", spec section 3) is a prompt, not a note: shown empty. */
function notesOf(appointment: AdminAppointment): string {
  return notesAsWritten(appointment.notes);
}

/**
 * The amount, or nothing while it is not set: a visit is booked with $0 (spec section 3), which is no price. A job
 * marked completed at $0 still shows it, for the owner to see.
 */
function Amount({ appointment }: { appointment: AdminAppointment }): ReactNode {
  if (appointment.amountCents === 0 && !appointment.isCompleted) return null;
  return <span className="d-block admin-nowrap admin-amount">${formatDollars(appointment.amountCents)}</span>;
}

/** Booked, completed or paid, in words on a coloured chip. */
function Status({ appointment }: { appointment: AdminAppointment }): ReactNode {
  return <StatusChip status={visitStatusOf(appointment)} inEnglish />;
}

function AppointmentTable({
  appointments,
  caption,
  actions,
}: {
  appointments: AdminAppointment[];
  caption: string;
  actions: AppointmentActions;
}) {
  const captionId = `${useId()}-caption`;
  return (
    <TableRegion labelledBy={captionId}>
      <Table className="admin-table align-top" hover>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date and time</th>
            <th scope="col">Customer</th>
            <th scope="col">Visit Type</th>
            <th scope="col">Description</th>
            <th scope="col">Notes</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {appointments.map((appointment) => {
            const contact = contactLinks(appointment);
            return (
              <tr key={appointment.id} data-appointment-id={appointment.id}>
                <th scope="row" className="fw-semibold admin-when">
                  {when(appointment)}
                </th>
                <td className="admin-customer">
                  <span className="d-block fw-semibold">{customerName(appointment)}</span>
                  <span className="d-block">{contact.email}</span>
                  <span className="d-block">{contact.phone}</span>
                  <span className="d-block">{address(appointment)}</span>
                  <span className="d-block admin-language">
                    Language: <Language appointment={appointment} />
                  </span>
                </td>
                <td>{appointmentTypeLabel(appointment.isRemote)}</td>
                <td className="admin-text-cell">
                  <Description text={appointment.description} />
                </td>
                <td className="admin-text-cell admin-notes">{notesOf(appointment)}</td>
                <td>
                  <Amount appointment={appointment} />
                  <EstimateBadge estimate={appointment.estimate} />
                </td>
                <td className="admin-status">
                  <Status appointment={appointment} />
                </td>
                <td>
                  <RowActions appointment={appointment} actions={actions} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableRegion>
  );
}

/** The same appointments as cards, for phones and tablets: one visit per card, every field named. */
function AppointmentCards({ appointments, actions }: { appointments: AdminAppointment[]; actions: AppointmentActions }) {
  return (
    <ul className="admin-cards">
      {appointments.map((appointment) => {
        const contact = contactLinks(appointment);
        return (
          <li key={appointment.id} className="admin-card" data-appointment-id={appointment.id}>
            <h3 className="h5 admin-when">{when(appointment)}</h3>
            <dl>
              <dt>Customer</dt>
              <dd>{customerName(appointment)}</dd>
              <dt>E-mail</dt>
              <dd>{contact.email}</dd>
              <dt>Phone</dt>
              <dd>{contact.phone}</dd>
              <dt>Address</dt>
              <dd>{address(appointment)}</dd>
              <dt>Language</dt>
              <dd className="admin-language">
                <Language appointment={appointment} />
              </dd>
              <dt>Visit Type</dt>
              <dd>{appointmentTypeLabel(appointment.isRemote)}</dd>
              <dt>Description</dt>
              <dd>
                <Description text={appointment.description} />
              </dd>
              <dt>Notes</dt>
              <dd className="admin-notes">{notesOf(appointment)}</dd>
              <dt>Amount</dt>
              <dd>
                <Amount appointment={appointment} />
                <EstimateBadge estimate={appointment.estimate} />
              </dd>
              <dt>Status</dt>
              <dd className="admin-status">
                <Status appointment={appointment} />
              </dd>
            </dl>
            <RowActions appointment={appointment} actions={actions} />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Appointments with their customers, Edit and Delete: a table (scrolling in its own region) on wide screens,
 * cards on phones and tablets.
 */
export function AdminAppointmentList({
  appointments,
  caption,
  actions,
}: {
  appointments: AdminAppointment[];
  caption: string;
  actions: AppointmentActions;
}) {
  return (
    <>
      <div className="admin-list-wide">
        <AppointmentTable appointments={appointments} caption={caption} actions={actions} />
      </div>
      <div className="admin-list-narrow">
        <h2 className="h4">{caption}</h2>
        <AppointmentCards appointments={appointments} actions={actions} />
      </div>
    </>
  );
}
