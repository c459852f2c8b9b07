import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appointments, type PaymentOrderRow, paymentOrders, payments, user } from '../../db/schema.ts';

export async function findActiveAppointment(db: Executor, id: string, lock = false) {
  const query = db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), isNull(appointments.cancelledAt), isNull(appointments.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertPaymentOrder(db: Executor, values: typeof paymentOrders.$inferInsert): Promise<void> {
  await db.insert(paymentOrders).values(values);
}

export async function findPaymentOrder(db: Executor, orderId: string): Promise<PaymentOrderRow | undefined> {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.orderId, orderId));
  return row;
}

export async function findPaymentOfAppointment(db: Executor, appointmentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
  return row;
}

/** Records the payment unless the appointment has one already; returns it only when this call recorded it. */
export async function insertPaymentOnce(db: Executor, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing({ target: payments.appointmentId }).returning();
  return row;
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase()));
  return row;
}

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row;
}

export async function listUnpaidAppointmentsOf(db: Executor, userId: string) {
  return db
    .select()
    .from(appointments)
    .where(
      and(eq(appointments.userId, userId), isNull(appointments.cancelledAt), isNull(appointments.deletedAt), isNull(appointments.paidAt)),
    )
    .orderBy(asc(appointments.startsAt));
}
