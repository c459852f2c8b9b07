import { useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { AdminAppointment } from '../../../../shared/admin.ts';
import { businessDateOf } from '../../../../shared/business-time.ts';
import { telHref } from '../../../lib/app-config.ts';
import { type AgendaAppointment, type AgendaDay, fullAddress, mapSearchHref, weekendAgenda } from '../weekend-agenda.ts';
import { customerName } from './admin-appointment-list.tsx';
import { EstimateBadge } from './estimate-badge.tsx';
import { OnMyWayChoice, offersOnMyWay } from './on-my-way-choice.tsx';

const MINUTE_MS = 60_000;

/** The present moment, moved on every minute, so the agenda turns to the next weekend on Monday by itself. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function AgendaItem({ entry, today }: { entry: AgendaAppointment; today: boolean }) {
  const { appointment, time } = entry;
  const { customer } = appointment;
  const address = fullAddress(customer);
  return (
    <li className="weekend-agenda-visit" data-appointment-id={appointment.id}>
      <p className="weekend-agenda-title">
        <span className="weekend-agenda-time">{time}</span> <span className="weekend-agenda-name">{customerName(appointment)}</span>{' '}
        {appointment.isRemote ? (
          <span className="weekend-agenda-kind weekend-agenda-remote">Remote</span>
        ) : (
          <span className="weekend-agenda-kind">In-person</span>
        )}
        {appointment.isCompleted ? <span className="weekend-agenda-kind">Completed</span> : null}
        {appointment.estimate ? (
          <>
            {' '}
            <EstimateBadge estimate={appointment.estimate} />
          </>
        ) : null}
      </p>
      <dl className="weekend-agenda-details">
        <dt>Phone</dt>
        <dd>{customer.phoneNumber ? <a href={telHref(customer.phoneNumber)}>{customer.phoneNumber}</a> : 'No phone on file'}</dd>
        <dt>{appointment.isRemote ? 'Where' : 'Address'}</dt>
        <dd>
          {appointment.isRemote ? (
            'Remote visit: no travel'
          ) : customer.streetAddress ? (
            <a href={mapSearchHref(address)} target="_blank" rel="noopener noreferrer">
              {address}
              <span className="visually-hidden"> (map, opens in a new tab)</span>
            </a>
          ) : (
            'No address on file'
          )}
        </dd>
        <dt>Problem</dt>
        <dd className="weekend-agenda-problem">{appointment.description || 'No description yet.'}</dd>
        {!appointment.isRemote && customer.codeWord ? (
          <>
            <dt className="weekend-agenda-code-word">Code word</dt>
            <dd className="weekend-agenda-code-word">Say “{customer.codeWord}” at the door</dd>
          </>
        ) : null}
      </dl>
      {today && offersOnMyWay(appointment) ? (
        <div className="weekend-agenda-on-my-way">
          <OnMyWayChoice appointment={appointment} name={customerName(appointment)} />
        </div>
      ) : null}
    </li>
  );
}

function Day({ day, today }: { day: AgendaDay; today: boolean }) {
  const headingId = `${useId()}-day`;
  return (
    <section className="weekend-agenda-day" aria-labelledby={headingId}>
      <h3 id={headingId} className="h5">
        {day.heading}
      </h3>
      {day.appointments.length === 0 ? (
        <p className="weekend-agenda-none">No visits on this day.</p>
      ) : (
        <ol className="weekend-agenda-list">
          {day.appointments.map((entry) => (
            <AgendaItem key={entry.appointment.id} entry={entry} today={today} />
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * The owner's working weekend: the open visits of this weekend (or the coming one) in New York time, by day and
 * time, with the phone to call and the address to drive to. Printable on its own (admin.css, @media print).
 */
export function WeekendAgenda({ appointments }: { appointments: readonly AdminAppointment[] }) {
  const headingId = `${useId()}-weekend`;
  const now = useNow();
  const agenda = weekendAgenda(appointments, now);
  return (
    <section className="weekend-agenda" aria-labelledby={headingId}>
      <div className="weekend-agenda-head">
        <h2 id={headingId} className="h3 mb-0">
          This weekend
        </h2>
        <Button variant="outline-primary" className="weekend-agenda-print" onClick={() => window.print()}>
          Print the agenda
        </Button>
      </div>
      <p className="weekend-agenda-summary">
        {agenda.days[0].heading} and {agenda.days[1].heading}, New York time: {agenda.count === 1 ? '1 visit' : `${agenda.count} visits`}.
      </p>
      {agenda.count === 0 ? (
        <p className="weekend-agenda-none">No visits this weekend.</p>
      ) : (
        <div className="weekend-agenda-days">
          {agenda.days.map((day) => (
            <Day key={day.date} day={day} today={day.date === businessDateOf(now)} />
          ))}
        </div>
      )}
    </section>
  );
}
