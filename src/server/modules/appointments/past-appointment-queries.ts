import { and, desc, eq, gte, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type AppointmentRow, appointments } from '../../db/schema.ts';

/**
 * The customer's paid appointments (neither cancelled nor deleted) starting at or after `since`, newest first, at most
 * `limit`: their past visits (issue 40).
 */
export async function listPaidAppointmentsOf(db: Executor, userId: string, since: Date, limit: number): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, userId),
        isNotNull(appointments.paidAt),
        isNull(appointments.cancelledAt),
        isNull(appointments.deletedAt),
        gte(appointments.startsAt, since),
      ),
    )
    .orderBy(desc(appointments.startsAt))
    .limit(limit);
}
