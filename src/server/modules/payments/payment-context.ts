// What every part of a payment's life shares: the services it works with (one `PaymentContext`), who acted, the
// claim's time limit, and the locks each step takes (the job's row first, then the order's or the payment's).

import type { FastifyBaseLogger } from 'fastify';
import type { ErrorRecorder } from '../../../shared/error-log.ts';
import { payLinkPath } from '../../../shared/pay-link.ts';
import { PAYMENT_TEXTS } from '../../../shared/payments.ts';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { AppointmentRow, PaymentOrderRow, PaymentRow } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { type AppointmentLifecycle, readAppointment } from '../appointments/index.ts';
import type { EventHub } from '../events/index.ts';
import type { MailService } from '../mail/index.ts';
import type { TextService } from '../texts/index.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { findPayment, findPaymentOrder } from './payment-queries.ts';

/**
 * What the payments' functions work with: one per PaymentService. `provider` is read at each use, never kept, since
 * a server restarted with another provider (a test swaps it) must go through that one.
 */
export interface PaymentContext {
  readonly db: Database;
  readonly config: Config;
  readonly provider: PaymentProvider;
  readonly mail: MailService;
  readonly events: EventHub;
  readonly recordError: ErrorRecorder;
  readonly log: FastifyBaseLogger;
  readonly texts: TextService;
  /** The job's life cycle: payments marks a job paid and refunded only through it. */
  readonly lifecycle: AppointmentLifecycle;
  /** Problems of the reconcilers already in the error log from this process: each is written once, not every run. */
  readonly reported: Set<string>;
}

/**
 * How long a capture's or a refund's claim stands before it is looked up again: well beyond the provider's own
 * time limit (20 s), so that a claim is never taken from a request that is still waiting for its answer.
 */
export const CLAIM_TIMEOUT_MS = 120_000;

/** A job the customer can pay: active, completed, unpaid, with an amount. */
export const isPayable = (appointment: AppointmentRow) =>
  appointment.completedAt !== null &&
  appointment.paidAt === null &&
  appointment.amountCents > 0 &&
  appointment.cancelledAt === null &&
  appointment.deletedAt === null;

/** Who asked: the error log and the history name them. */
export type Actor = { userId: string; email: string; role: 'customer' | 'admin' | 'system' };
export const SYSTEM: Actor = { userId: 'system', email: 'TechHelp (automatic)', role: 'system' };

export const componentOf = (actor: Actor) =>
  actor.role === 'admin' ? 'AdminPayment' : actor.role === 'customer' ? 'MakePayment' : 'Payments';
export const dollars = (cents: number) => (cents / 100).toFixed(2);

/** A refusal decided inside a transaction, thrown after it commits (so that the order it voided stays voided). */
export type Refusal = { refused: HttpError };

/**
 * Why no new order or change is taken while an order of the job is claimed: a capture under way (a minute at most),
 * or one the provider holds PENDING (days, at PayPal's review), which must not be paid a second time.
 */
export function inFlightRefusal(order: PaymentOrderRow, change: 'pay' | 'change-job'): HttpError {
  if (order.pendingSince) {
    return new HttpError(
      409,
      'PAYMENT_PENDING',
      change === 'pay' ? PAYMENT_TEXTS.paymentPending : PAYMENT_TEXTS.appointmentChangeDuringPendingPayment,
    );
  }
  return new HttpError(
    409,
    'PAYMENT_IN_PROGRESS',
    change === 'pay' ? PAYMENT_TEXTS.paymentInProgress : PAYMENT_TEXTS.appointmentChangeDuringPayment,
  );
}

/** Where a customer pays a job: its checkout, which asks them to sign in first when they are signed out. */
export function payUrl(ctx: PaymentContext, appointmentId: string): string {
  return `${ctx.config.publicUrl}${payLinkPath(appointmentId)}`;
}

/** Writes a reconciler's problem to the error log once per process (`ctx.reported`), not at every run. */
export async function reportOnce(
  ctx: PaymentContext,
  key: string,
  entry: { errorMessage: string; appointmentIdentifier: string },
): Promise<void> {
  if (ctx.reported.has(key)) return;
  ctx.reported.add(key);
  await ctx.recordError({ userId: SYSTEM.userId, ...entry, componentName: 'Payments', source: 'server' });
}

/** The job's lock, as every change of the job takes it first, then the order's, read again under both. */
export async function lockOrder(
  tx: Executor,
  order: PaymentOrderRow,
): Promise<{ appointment?: AppointmentRow; current?: PaymentOrderRow }> {
  const appointment = await readAppointment(tx, order.appointmentId, { lock: true, includeInactive: true });
  return { appointment, current: await findPaymentOrder(tx, order.orderId, true) };
}

/** The same for a payment: the job's lock, then the payment's, read again under both (the row given if it vanished). */
export async function lockPayment(tx: Executor, payment: PaymentRow): Promise<{ appointment?: AppointmentRow; current: PaymentRow }> {
  const appointment = await readAppointment(tx, payment.appointmentId, { lock: true, includeInactive: true });
  return { appointment, current: (await findPayment(tx, payment.id, true)) ?? payment };
}
