import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type OrderState, type PaymentOrderRow, type PaymentRow, paymentOrders, payments } from '../../db/schema.ts';

// --- Orders ------------------------------------------------------------------------------------------------

export async function insertPaymentOrder(db: Executor, values: typeof paymentOrders.$inferInsert): Promise<void> {
  await db.insert(paymentOrders).values(values);
}

export async function findPaymentOrder(db: Executor, orderId: string, lock = false): Promise<PaymentOrderRow | undefined> {
  const query = db.select().from(paymentOrders).where(eq(paymentOrders.orderId, orderId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The job's order that a capture has claimed and not finished, if any. */
export async function findOrderInFlight(db: Executor, appointmentId: string): Promise<PaymentOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.appointmentId, appointmentId), eq(paymentOrders.state, 'capturing')));
  return row;
}

/** Voids every order of the job that could still be captured; returns how many. */
export async function voidOpenOrders(db: Executor, appointmentId: string, reason: string): Promise<number> {
  const voided = await db
    .update(paymentOrders)
    .set({ state: 'voided', closedReason: reason, updatedAt: new Date() })
    .where(and(eq(paymentOrders.appointmentId, appointmentId), eq(paymentOrders.state, 'created')))
    .returning({ orderId: paymentOrders.orderId });
  return voided.length;
}

export async function updateOrder(
  db: Executor,
  orderId: string,
  changes: { state: OrderState; claimedAt?: Date | null; closedReason?: string | null },
): Promise<void> {
  await db
    .update(paymentOrders)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(paymentOrders.orderId, orderId));
}

/**
 * Claims the orders whose capture was claimed longer ago than `olderThanMs` and never finished (a process that
 * died, a provider that never answered), by renewing their claim; SKIP LOCKED keeps two instances apart.
 */
export async function claimStaleCaptures(db: Executor, olderThanMs: number, limit: number): Promise<PaymentOrderRow[]> {
  const stale = db
    .select({ orderId: paymentOrders.orderId })
    .from(paymentOrders)
    .where(
      and(eq(paymentOrders.state, 'capturing'), lt(paymentOrders.claimedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`)),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(paymentOrders)
    .set({ claimedAt: new Date(), updatedAt: new Date() })
    .where(inArray(paymentOrders.orderId, stale))
    .returning();
}

// --- Payments ----------------------------------------------------------------------------------------------

/** The payment in force for the job (not refunded), if any. */
export async function findPaymentInForce(db: Executor, appointmentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.appointmentId, appointmentId), isNull(payments.refundedAt)));
  return row;
}

export async function findPaymentOfOrder(db: Executor, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return row;
}

export async function findPayment(db: Executor, id: string, lock = false): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Records the payment unless the job has one in force already; returns it only when this call recorded it. */
export async function insertPaymentOnce(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow | undefined> {
  const [row] = await db
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: payments.appointmentId, where: sql`${payments.refundedAt} is null` })
    .returning();
  return row;
}

/** Claims the refunds asked of the provider longer ago than `olderThanMs` and never recorded (a process that died). */
export async function claimStaleRefunds(db: Executor, olderThanMs: number, limit: number): Promise<PaymentRow[]> {
  const stale = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(isNull(payments.refundedAt), lt(payments.refundClaimedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`)))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(payments).set({ refundClaimedAt: new Date() }).where(inArray(payments.id, stale)).returning();
}

export async function updatePayment(db: Executor, id: string, changes: Partial<typeof payments.$inferInsert>): Promise<PaymentRow> {
  const [row] = await db.update(payments).set(changes).where(eq(payments.id, id)).returning();
  if (!row) throw new Error(`payment ${id} vanished during an update`);
  return row;
}

/** The paid list: every payment captured in the period (either end open), by capture time. */
export async function listPaymentsCapturedBetween(db: Executor, from: Date | undefined, to: Date | undefined): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(from ? gte(payments.capturedAt, from) : undefined, to ? lt(payments.capturedAt, to) : undefined))
    .orderBy(asc(payments.capturedAt));
}
