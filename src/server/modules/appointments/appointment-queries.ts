import { and, asc, between, count, eq, getTableColumns, gt, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type AppointmentRow, appointments } from '../../db/schema.ts';

/** Active: neither cancelled nor deleted. Open: active and not yet paid (what counts toward the limit of 3). */
const active = and(isNull(appointments.cancelledAt), isNull(appointments.deletedAt));
const open = and(active, isNull(appointments.paidAt));

export async function takenStartsBetween(db: Executor, from: Date, to: Date): Promise<Date[]> {
  const rows = await db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(and(active, between(appointments.startsAt, from, to)))
    .orderBy(asc(appointments.startsAt));
  return rows.map((row) => row.startsAt);
}

export async function countOpenAppointments(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(appointments)
    .where(and(open, eq(appointments.userId, userId)));
  return row?.value ?? 0;
}

/**
 * Stores an appointment, and counts in the same statement the customer's open appointments before it (a statement
 * does not see the row it inserts): the caller refuses, and so rolls back, a booking over the limit.
 */
export async function insertAppointment(
  db: Executor,
  values: typeof appointments.$inferInsert & { userId: string },
): Promise<{ row: AppointmentRow; openBefore: number }> {
  const [inserted] = await db
    .insert(appointments)
    .values(values)
    .returning({
      ...getTableColumns(appointments),
      openBefore: sql<number>`(select count(*) from ${appointments} where ${and(open, eq(appointments.userId, values.userId))})`.mapWith(
        Number,
      ),
    });
  if (!inserted) throw new Error('the appointment was not stored');
  const { openBefore, ...row } = inserted;
  return { row, openBefore };
}

export async function listOpenAppointmentsOf(db: Executor, userId: string): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(and(open, eq(appointments.userId, userId)))
    .orderBy(asc(appointments.startsAt));
}

/** Every appointment the user ever booked, cancelled and deleted ones too, oldest first. */
export async function listAppointmentsOf(db: Executor, userId: string): Promise<AppointmentRow[]> {
  return db.select().from(appointments).where(eq(appointments.userId, userId)).orderBy(asc(appointments.startsAt));
}

/** The user's own active appointment, or undefined: another user's id is as unknown as a wrong one. */
export async function findOwnActiveAppointment(
  db: Executor,
  userId: string,
  id: string,
  lock = false,
): Promise<AppointmentRow | undefined> {
  const query = db
    .select()
    .from(appointments)
    .where(and(active, eq(appointments.id, id), eq(appointments.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Any appointment by id, cancelled and deleted ones too; locked for the transaction when asked. */
export async function findAppointment(db: Executor, id: string, lock = false): Promise<AppointmentRow | undefined> {
  const query = db.select().from(appointments).where(eq(appointments.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findActiveAppointment(db: Executor, id: string, lock = false): Promise<AppointmentRow | undefined> {
  const query = db
    .select()
    .from(appointments)
    .where(and(active, eq(appointments.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateAppointment(
  db: Executor,
  id: string,
  changes: Partial<typeof appointments.$inferInsert>,
): Promise<AppointmentRow> {
  const [row] = await db
    .update(appointments)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(appointments.id, id))
    .returning();
  if (!row) throw new Error(`appointment ${id} vanished during an update`);
  return row;
}

/**
 * Claims the appointments whose reminder is due (starting within `withinSeconds` of `now`, none sent yet) by marking
 * them sent; SKIP LOCKED lets several instances run this at once without sending a reminder twice.
 */
export async function claimDueReminders(db: Executor, now: Date, withinSeconds: number, limit: number) {
  const due = db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        active,
        isNull(appointments.reminderSentAt),
        isNull(appointments.completedAt),
        gt(appointments.startsAt, now),
        lte(appointments.startsAt, new Date(now.getTime() + withinSeconds * 1000)),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(appointments).set({ reminderSentAt: sql`now()` }).where(inArray(appointments.id, due)).returning();
}

/** The back office's dashboard: every open (active, unpaid) appointment, by time. */
export async function listOpenAppointments(db: Executor): Promise<AppointmentRow[]> {
  return db.select().from(appointments).where(open).orderBy(asc(appointments.startsAt));
}

/** The jobs done and waiting for payment, by time. */
export async function listCompletedUnpaidAppointments(db: Executor): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(and(open, isNotNull(appointments.completedAt)))
    .orderBy(asc(appointments.startsAt));
}

/** Appointments by id, cancelled and deleted ones too. */
export async function listAppointmentsById(db: Executor, ids: string[]): Promise<AppointmentRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(appointments).where(inArray(appointments.id, ids));
}

/**
 * Claims the customers' appointments whose reminder call is due (issue 39): starting in [from, to), booked before
 * `bookedBefore`, none called yet, by marking them called; SKIP LOCKED, so two instances never call twice.
 */
export async function claimDueReminderCalls(
  db: Executor,
  userIds: string[],
  window: { from: Date; to: Date; bookedBefore: Date },
  limit: number,
) {
  if (userIds.length === 0) return [];
  const due = db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        active,
        inArray(appointments.userId, userIds),
        isNull(appointments.reminderCalledAt),
        isNull(appointments.completedAt),
        gte(appointments.startsAt, window.from),
        lt(appointments.startsAt, window.to),
        lt(appointments.createdAt, window.bookedBefore),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(appointments).set({ reminderCalledAt: sql`now()` }).where(inArray(appointments.id, due)).returning();
}
