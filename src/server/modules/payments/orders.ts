// The start of a payment: the customer's checkout, and an order asked of the provider for the job's amount (or the
// amount the owner typed), stored bound to it once the job, locked, is checked again. Capture is in capture.ts.

import type { SessionUser } from '../../../shared/account.ts';
import { APPOINTMENT_TEXTS } from '../../../shared/appointments.ts';
import { customerLines } from '../../../shared/billing.ts';
import { type Checkout, PAYMENT_TEXTS } from '../../../shared/payments.ts';
import type { Executor } from '../../db/client.ts';
import type { AppointmentRow } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { accountById } from '../accounts/index.ts';
import { approvedEstimateTotal, readAppointment } from '../appointments/index.ts';
import { type Actor, componentOf, inFlightRefusal, type PaymentContext } from './payment-context.ts';
import { PaymentProviderError } from './payment-provider.ts';
import { findOrderInFlight, insertPaymentOrder, voidOpenOrders } from './payment-queries.ts';

/** The customer's own appointment, ready to pay: completed, unpaid, with an amount. */
async function payableForCustomer(db: Executor, viewer: SessionUser, appointmentId: string, lock = false): Promise<AppointmentRow> {
  const appointment = await readAppointment(db, appointmentId, { lock });
  if (!appointment || appointment.userId !== viewer.id) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
  if (appointment.paidAt) throw new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid);
  if (!appointment.completedAt) throw new HttpError(409, 'NOT_COMPLETED', APPOINTMENT_TEXTS.payNotAllowedBody);
  if (appointment.amountCents <= 0) throw new HttpError(409, 'AMOUNT_NOT_SET', PAYMENT_TEXTS.amountNotSet);
  return appointment;
}

export async function checkout(ctx: PaymentContext, viewer: SessionUser, appointmentId: string): Promise<Checkout> {
  const appointment = await payableForCustomer(ctx.db, viewer, appointmentId);
  return {
    appointmentId,
    amountCents: appointment.amountCents,
    startsAt: appointment.startsAt.toISOString(),
    provider: ctx.provider.kind,
    lines: customerLines(appointment.bill, appointment.amountCents),
    estimate: await approvedEstimateOf(ctx.db, appointmentId),
  };
}

/** The estimate the customer approved, shown beside the bill on the pay page (issue 38); null when none was. */
async function approvedEstimateOf(db: Executor, appointmentId: string): Promise<Checkout['estimate']> {
  const totalCents = await approvedEstimateTotal(db, appointmentId);
  return totalCents === null ? null : { totalCents };
}

export async function createCustomerOrder(ctx: PaymentContext, viewer: SessionUser, appointmentId: string): Promise<{ orderId: string }> {
  const appointment = await payableForCustomer(ctx.db, viewer, appointmentId);
  const actor: Actor = { userId: viewer.id, email: viewer.email, role: 'customer' };
  return createOrder(ctx, actor, appointment, appointment.amountCents, viewer.email, async (tx) => {
    const current = await payableForCustomer(tx, viewer, appointmentId, true);
    if (current.amountCents !== appointment.amountCents) throw new HttpError(409, 'ORDER_STALE', PAYMENT_TEXTS.orderStale);
  });
}

export async function createAdminOrder(
  ctx: PaymentContext,
  admin: SessionUser,
  appointmentId: string,
  amountDollars: number,
): Promise<{ orderId: string }> {
  const appointment = await readAppointment(ctx.db, appointmentId);
  if (!appointment) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
  if (appointment.paidAt) throw new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid);
  const owner = await accountById(ctx.db, appointment.userId);
  const actor: Actor = { userId: admin.id, email: admin.email, role: 'admin' };
  return createOrder(ctx, actor, appointment, amountDollars * 100, owner?.email ?? '', async (tx) => {
    const current = await readAppointment(tx, appointmentId, { lock: true });
    if (!current) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
    if (current.paidAt) throw new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid);
  });
}

/**
 * Asks the provider for an order, then stores it bound to the amount, voiding the job's older open orders. The
 * job is locked and checked again (`recheck`) before the order is stored: a change made while the provider
 * answered wins, and the provider's order is left to expire uncaptured.
 */
async function createOrder(
  ctx: PaymentContext,
  actor: Actor,
  appointment: AppointmentRow,
  amountCents: number,
  customerEmail: string,
  recheck: (tx: Executor) => Promise<void>,
): Promise<{ orderId: string }> {
  let orderId: string;
  try {
    ({ orderId } = await ctx.provider.createOrder({
      appointmentId: appointment.id,
      description: `${customerEmail}#${appointment.id}`,
      amountCents,
    }));
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    await ctx.recordError({
      userId: actor.userId,
      errorMessage: `Creating the payment order failed: ${error.message}`,
      appointmentIdentifier: appointment.id,
      componentName: componentOf(actor),
      source: 'server',
    });
    throw new HttpError(502, 'PAYMENT_FAILED', PAYMENT_TEXTS.paymentProcessError);
  }
  await ctx.db.transaction(async (tx) => {
    await recheck(tx);
    const inFlight = await findOrderInFlight(tx, appointment.id);
    if (inFlight) throw inFlightRefusal(inFlight, 'pay');
    await voidOpenOrders(tx, appointment.id, `replaced by order ${orderId}`);
    await insertPaymentOrder(tx, {
      orderId,
      provider: ctx.provider.kind,
      appointmentId: appointment.id,
      amountCents,
      createdByUserId: actor.userId,
      createdByRole: actor.role === 'admin' ? 'admin' : 'customer',
    });
  });
  return { orderId };
}
