import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appointments, configChanges, errorLog, payments, profiles, user } from '../../db/schema.ts';

const customerColumns = {
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  email: user.email,
  phoneNumber: profiles.phoneNumber,
  streetAddress: profiles.streetAddress,
  city: profiles.city,
  state: profiles.state,
  zipCode: profiles.zipCode,
};

const active = and(isNull(appointments.cancelledAt), isNull(appointments.deletedAt));

function withCustomer(db: Executor) {
  return db
    .select({ appointment: appointments, customer: customerColumns })
    .from(appointments)
    .innerJoin(user, eq(user.id, appointments.userId))
    .leftJoin(profiles, eq(profiles.userId, appointments.userId));
}

/** The dashboard: every open (active, unpaid) appointment with its customer, by time. */
export async function listOpenWithCustomers(db: Executor) {
  return withCustomer(db)
    .where(and(active, isNull(appointments.paidAt)))
    .orderBy(asc(appointments.startsAt));
}

export async function listCompletedUnpaidWithCustomers(db: Executor) {
  return withCustomer(db)
    .where(and(active, isNotNull(appointments.completedAt), isNull(appointments.paidAt)))
    .orderBy(asc(appointments.startsAt));
}

export async function listPaidWithCustomers(db: Executor, from: Date | undefined, to: Date | undefined) {
  return db
    .select({ appointment: appointments, customer: customerColumns, payment: payments })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .innerJoin(user, eq(user.id, appointments.userId))
    .leftJoin(profiles, eq(profiles.userId, appointments.userId))
    .where(and(from ? gte(payments.capturedAt, from) : undefined, to ? lt(payments.capturedAt, to) : undefined))
    .orderBy(asc(payments.capturedAt));
}

export async function findAppointmentWithCustomer(db: Executor, id: string, lock = false) {
  const query = withCustomer(db).where(and(active, eq(appointments.id, id)));
  const [row] = lock ? await query.for('update', { of: appointments }) : await query;
  return row;
}

export async function countErrors(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(errorLog);
  return row?.value ?? 0;
}

export async function listErrorsPage(db: Executor, limit: number, offset: number) {
  return db.select().from(errorLog).orderBy(desc(errorLog.createdAt), desc(errorLog.id)).limit(limit).offset(offset);
}

export async function deleteError(db: Executor, id: string): Promise<boolean> {
  return (await db.delete(errorLog).where(eq(errorLog.id, id)).returning({ id: errorLog.id })).length > 0;
}

export async function listConfigChanges(db: Executor, collection: (typeof configChanges.$inferSelect)['collection']) {
  return db.select().from(configChanges).where(eq(configChanges.collection, collection)).orderBy(desc(configChanges.createdAt));
}

export async function insertConfigChange(db: Executor, values: typeof configChanges.$inferInsert) {
  const [row] = await db.insert(configChanges).values(values).returning();
  if (!row) throw new Error('the change-log entry was not stored');
  return row;
}

export async function updateConfigChange(db: Executor, id: string, values: Partial<typeof configChanges.$inferInsert>) {
  const [row] = await db
    .update(configChanges)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(configChanges.id, id))
    .returning();
  return row;
}

export async function deleteConfigChange(db: Executor, id: string): Promise<boolean> {
  return (await db.delete(configChanges).where(eq(configChanges.id, id)).returning({ id: configChanges.id })).length > 0;
}
