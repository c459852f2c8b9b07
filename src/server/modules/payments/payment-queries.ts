import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  type InvoiceRow,
  invoiceCounter,
  invoices,
  type OrderState,
  type PaymentOrderRow,
  type PaymentRow,
  type PayRequestRow,
  paymentOrders,
  payments,
  payRequests,
} from '../../db/schema.ts';

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
  changes: {
    state?: OrderState;
    claimedAt?: Date | null;
    closedReason?: string | null;
    pendingSince?: Date | null;
    giveBackFailedAt?: Date | null;
    giveBackRefundId?: string | null;
  },
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
export async function claimStaleCaptures(
  db: Executor,
  olderThanMs: number,
  limit: number,
  provider: PaymentOrderRow['provider'],
): Promise<PaymentOrderRow[]> {
  const stale = db
    .select({ orderId: paymentOrders.orderId })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.state, 'capturing'),
        eq(paymentOrders.provider, provider),
        lt(paymentOrders.claimedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(paymentOrders)
    .set({ claimedAt: new Date(), updatedAt: new Date() })
    .where(inArray(paymentOrders.orderId, stale))
    .returning();
}

/**
 * Captures and refunds left claimed under another provider than `provider` (the server was switched between PayPal
 * and test mode while they were under way): only that provider can finish them, so they are named, not claimed.
 */
export async function listClaimsOfOtherProviders(
  db: Executor,
  provider: PaymentOrderRow['provider'],
): Promise<{
  orders: Pick<PaymentOrderRow, 'orderId' | 'appointmentId' | 'provider'>[];
  refunds: Pick<PaymentRow, 'id' | 'appointmentId' | 'provider'>[];
}> {
  const orders = await db
    .select({ orderId: paymentOrders.orderId, appointmentId: paymentOrders.appointmentId, provider: paymentOrders.provider })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.state, 'capturing'), ne(paymentOrders.provider, provider)));
  const refunds = await db
    .select({ id: payments.id, appointmentId: payments.appointmentId, provider: payments.provider })
    .from(payments)
    .where(and(isNull(payments.refundedAt), isNotNull(payments.refundClaimedAt), ne(payments.provider, provider)));
  return { orders, refunds };
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
export async function claimStaleRefunds(
  db: Executor,
  olderThanMs: number,
  limit: number,
  provider: PaymentRow['provider'],
): Promise<PaymentRow[]> {
  const stale = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        isNull(payments.refundedAt),
        eq(payments.provider, provider),
        lt(payments.refundClaimedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
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

/** The sales-tax report's refunds: every payment given back in the period (from its start to before its end), by time. */
export async function listPaymentsRefundedBetween(db: Executor, from: Date, to: Date): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(gte(payments.refundedAt, from), lt(payments.refundedAt, to)))
    .orderBy(asc(payments.refundedAt));
}

// --- Pay links and their reminders ---------------------------------------------------------------------------

/** The pay link of a job that has just become payable: sent now, no reminder yet (again, if it was sent before). */
export async function startPayRequest(db: Executor, appointmentId: string): Promise<void> {
  await db
    .insert(payRequests)
    .values({ appointmentId })
    .onConflictDoUpdate({ target: payRequests.appointmentId, set: { sentAt: sql`now()`, remindersSent: 0 } });
}

/** The job no longer waits for its payment (un-completed, or its amount cleared): no reminder is due. */
export async function endPayRequest(db: Executor, appointmentId: string): Promise<void> {
  await db.delete(payRequests).where(eq(payRequests.appointmentId, appointmentId));
}

const olderThan = (seconds: number) => sql`${payRequests.sentAt} <= now() - make_interval(secs => ${seconds})`;
/** A reminder is due: the first `first` seconds after the link, the second `second` seconds after it. */
const reminderDue = (first: number, second: number) =>
  sql`((${payRequests.remindersSent} = 0 and ${olderThan(first)}) or (${payRequests.remindersSent} = 1 and ${olderThan(second)}))`;

/** The jobs whose pay-link reminder is due, oldest first: each is then claimed under its job's lock. */
export async function listDuePayReminders(db: Executor, first: number, second: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ appointmentId: payRequests.appointmentId })
    .from(payRequests)
    .where(reminderDue(first, second))
    .orderBy(asc(payRequests.sentAt))
    .limit(limit);
  return rows.map((row) => row.appointmentId);
}

/**
 * Claims the job's due reminder by counting it as sent, if it is still due: call holding the job's row lock, so that
 * of several instances only the first claims it. One late for both reminders (the server was down) gets the second
 * only. Answers the request as claimed, or undefined when nothing is due.
 */
export async function claimPayReminder(
  db: Executor,
  appointmentId: string,
  first: number,
  second: number,
): Promise<PayRequestRow | undefined> {
  const [row] = await db
    .update(payRequests)
    .set({ remindersSent: sql`case when ${olderThan(second)} then 2 else 1 end` })
    .where(and(eq(payRequests.appointmentId, appointmentId), reminderDue(first, second)))
    .returning();
  return row;
}

// --- Invoices ------------------------------------------------------------------------------------------------

export async function findInvoice(db: Executor, appointmentId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.appointmentId, appointmentId));
  return row;
}

/**
 * The job's invoice, numbered now if it has none: the next number of the one counter row, raised in the caller's
 * transaction. The counter's row lock makes concurrent issues wait their turn, and a rollback gives the number back,
 * so numbers have no gaps. Call holding the job's row lock (so one job never gets two numbers).
 */
export async function issueInvoice(db: Executor, appointmentId: string): Promise<InvoiceRow> {
  const existing = await findInvoice(db, appointmentId);
  if (existing) return existing;
  const [counter] = await db
    .update(invoiceCounter)
    .set({ lastNumber: sql`${invoiceCounter.lastNumber} + 1` })
    .where(eq(invoiceCounter.id, 1))
    .returning();
  if (!counter) throw new Error('the invoice counter row is missing');
  const [row] = await db.insert(invoices).values({ number: counter.lastNumber, appointmentId }).returning();
  if (!row) throw new Error(`invoice ${counter.lastNumber} was not written`);
  return row;
}

/** Every invoice number given, in order: for the check that none is missing. */
export async function invoiceNumbers(db: Executor): Promise<number[]> {
  const rows = await db.select({ number: invoices.number }).from(invoices).orderBy(asc(invoices.number));
  return rows.map((row) => row.number);
}

/** The job's newest payment, refunded or not. */
export async function latestPaymentOf(db: Executor, appointmentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.appointmentId, appointmentId))
    .orderBy(desc(payments.capturedAt))
    .limit(1);
  return row;
}

/** Every payment of the given jobs, oldest first. */
export async function listPaymentsOfAppointments(db: Executor, appointmentIds: string[]): Promise<PaymentRow[]> {
  if (appointmentIds.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.appointmentId, appointmentIds)).orderBy(asc(payments.capturedAt));
}

/** The invoices of the given jobs. */
export async function listInvoicesOfAppointments(db: Executor, appointmentIds: string[]): Promise<InvoiceRow[]> {
  if (appointmentIds.length === 0) return [];
  return db.select().from(invoices).where(inArray(invoices.appointmentId, appointmentIds));
}

/** Empties the payer's name and e-mail on the given jobs' payments (the customer deleted their account). */
export async function forgetPayers(db: Executor, appointmentIds: string[]): Promise<void> {
  if (appointmentIds.length === 0) return;
  await db.update(payments).set({ payerName: '', payerEmail: '' }).where(inArray(payments.appointmentId, appointmentIds));
  // No one is left to remind of a pay link.
  await db.delete(payRequests).where(inArray(payRequests.appointmentId, appointmentIds));
}
