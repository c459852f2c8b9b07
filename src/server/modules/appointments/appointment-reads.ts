import type { CustomerAppointment, EstimateSummary } from '../../../shared/appointments.ts';
import { businessDateOf } from '../../../shared/business-time.ts';
import type { Executor } from '../../db/client.ts';
import type { AppointmentRow } from '../../db/schema.ts';
import {
  findActiveAppointment,
  findAppointment,
  listAppointmentsById,
  listAppointmentsOf,
  listCompletedUnpaidAppointments,
  listOpenAppointments,
  listOpenAppointmentsOf,
} from './appointment-queries.ts';
import { estimateSummaries } from './estimates.ts';

/** A customer's open jobs with the estimate in force of each: what their list shows, kept in memory as one read. */
export type OpenJobs = { rows: AppointmentRow[]; estimates: Map<string, NonNullable<EstimateSummary>> };

export async function openJobsOf(db: Executor, userId: string): Promise<OpenJobs> {
  const rows = await listOpenAppointmentsOf(db, userId);
  return {
    rows,
    estimates: await estimateSummaries(
      db,
      rows.map(({ id }) => id),
    ),
  };
}

/** The customer's view of a visit; with the cut-off in hours, until when it can be changed online. */
export function customerAppointment(row: AppointmentRow, cutoffHours?: number, estimate: EstimateSummary = null): CustomerAppointment {
  const changeable = cutoffHours !== undefined && row.completedAt === null && row.paidAt === null;
  return {
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    date: businessDateOf(row.startsAt).replaceAll('-', ''),
    time: row.slotLabel,
    isRemote: row.isRemote,
    description: row.description,
    amountCents: row.amountCents,
    isCompleted: row.completedAt !== null,
    isPaid: row.paidAt !== null,
    changeBy: changeable ? new Date(row.startsAt.getTime() - cutoffHours * 60 * 60 * 1000).toISOString() : null,
    estimate,
    onTheWayAt: row.onTheWayAt?.toISOString() ?? null,
    arrivesAt: row.arrivesAt?.toISOString() ?? null,
  };
}

// What the other modules may read of appointments, inside their own transactions.

/** A job by id: an active one unless `includeInactive`; row-locked for the rest of the transaction when `lock`. */
export async function readAppointment(
  db: Executor,
  id: string,
  options: { lock?: boolean; includeInactive?: boolean } = {},
): Promise<AppointmentRow | undefined> {
  const lock = options.lock ?? false;
  return options.includeInactive ? findAppointment(db, id, lock) : findActiveAppointment(db, id, lock);
}

/** A customer's open (active, unpaid) jobs, by time. */
/** Every job the customer ever booked (cancelled and deleted ones too): what their data export lists. */
export async function allAppointmentsOf(db: Executor, userId: string): Promise<AppointmentRow[]> {
  return listAppointmentsOf(db, userId);
}

export async function openAppointmentsOf(db: Executor, userId: string): Promise<AppointmentRow[]> {
  return listOpenAppointmentsOf(db, userId);
}

/** Every open job, by time: the back office's dashboard. */
export async function openAppointments(db: Executor): Promise<AppointmentRow[]> {
  return listOpenAppointments(db);
}

/** The jobs done and waiting for payment, by time. */
export async function completedUnpaidAppointments(db: Executor): Promise<AppointmentRow[]> {
  return listCompletedUnpaidAppointments(db);
}

/** Jobs by id, cancelled and deleted ones too (a payment's job stays on the books). */
export async function appointmentsById(db: Executor, ids: Iterable<string>): Promise<Map<string, AppointmentRow>> {
  const rows = await listAppointmentsById(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}
