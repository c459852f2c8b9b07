import type { Executor } from '../../db/client.ts';
import type { AppointmentRow } from '../../db/schema.ts';
import { listPaidAppointmentsOf } from './past-appointment-queries.ts';

/**
 * A customer's paid visits from `since` on, newest first, at most `limit` (the payments module adds each one's
 * invoice and payment for the customer's "Past visits"). Never another customer's: the query is by `userId`.
 */
export async function paidAppointmentsOf(db: Executor, userId: string, since: Date, limit: number): Promise<AppointmentRow[]> {
  return listPaidAppointmentsOf(db, userId, since, limit);
}
