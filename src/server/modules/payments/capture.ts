// Capture, the heart of a payment (decision 010): claim the order under the job's lock, ask the provider once,
// then settle what it answers, recorded (mark-paid.ts), held or released (capture-release.ts), or given back
// (give-back.ts). Never one transaction held across the provider's call.

import type { SessionUser } from '../../../shared/account.ts';
import { APPOINTMENT_TEXTS } from '../../../shared/appointments.ts';
import { type CaptureOutcome, PAYMENT_TEXTS } from '../../../shared/payments.ts';
import type { AppointmentRow, PaymentOrderRow, PaymentRow } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { profileOf } from '../accounts/index.ts';
import { readAppointment } from '../appointments/index.ts';
import { holdPending, release, releaseClaim } from './capture-release.ts';
import { giveBack } from './give-back.ts';
import { markPaid, paidBillOf } from './mark-paid.ts';
import {
  type Actor,
  CLAIM_TIMEOUT_MS,
  componentOf,
  dollars,
  inFlightRefusal,
  type PaymentContext,
  type Refusal,
} from './payment-context.ts';
import { type CaptureResult, isTestPayment, PaymentProviderError, valueToCents } from './payment-provider.ts';
import {
  findOrderInFlight,
  findPaymentInForce,
  findPaymentOfOrder,
  findPaymentOrder,
  insertPaymentOnce,
  updateOrder,
  voidOpenOrders,
} from './payment-queries.ts';

export async function captureCustomerOrder(ctx: PaymentContext, viewer: SessionUser, orderId: string): Promise<CaptureOutcome> {
  const order = await findPaymentOrder(ctx.db, orderId);
  if (order?.createdByRole !== 'customer' || order.createdByUserId !== viewer.id) {
    throw new HttpError(404, 'NOT_FOUND', PAYMENT_TEXTS.paymentNotFound);
  }
  return capture(ctx, { userId: viewer.id, email: viewer.email, role: 'customer' }, order);
}

export async function captureAdminOrder(ctx: PaymentContext, admin: SessionUser, orderId: string): Promise<CaptureOutcome> {
  const order = await findPaymentOrder(ctx.db, orderId);
  if (order?.createdByRole !== 'admin') throw new HttpError(404, 'NOT_FOUND', PAYMENT_TEXTS.paymentNotFound);
  return capture(ctx, { userId: admin.id, email: admin.email, role: 'admin' }, order);
}

/**
 * Claims the order for one capture: under the job's row lock, a replay of a recorded capture is answered from the
 * record, a voided or stale order is refused (and voided), and only when no other order of the job is being
 * captured does this one move to `capturing`. The claim is committed before the provider is asked.
 */
async function claimOrder(ctx: PaymentContext, orderId: string): Promise<{ claimedAt: Date } | { replay: PaymentRow } | Refusal> {
  return ctx.db.transaction(async (tx) => {
    const head = await findPaymentOrder(tx, orderId);
    if (!head) return { refused: new HttpError(404, 'NOT_FOUND', PAYMENT_TEXTS.paymentNotFound) };
    const appointment = await readAppointment(tx, head.appointmentId, { lock: true, includeInactive: true });
    const order = (await findPaymentOrder(tx, orderId, true)) ?? head;
    const now = new Date();
    if (order.provider !== ctx.provider.kind && (order.state === 'created' || order.state === 'capturing')) {
      // Made with the provider the server used before a switch (PayPal and test mode): only that one can take it.
      if (order.state === 'capturing') return { refused: inFlightRefusal(order, 'pay') };
      await updateOrder(tx, orderId, {
        state: 'voided',
        closedReason: `made with ${order.provider}; payments now go through ${ctx.provider.kind}`,
      });
      return { refused: new HttpError(409, 'ORDER_STALE', PAYMENT_TEXTS.orderReplaced) };
    }
    switch (order.state) {
      case 'captured': {
        const payment = await findPaymentOfOrder(tx, orderId);
        if (payment) return { replay: payment };
        return { refused: new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid) };
      }
      case 'voided':
      case 'refunded':
        return { refused: closedOrderRefusal(appointment, order, Boolean(await findPaymentInForce(tx, order.appointmentId))) };
      case 'capturing':
        // A capture the provider holds PENDING is settled by the reconciler's look-ups only: a second capture
        // request's refusal would say nothing of the first capture, and releasing the order on it let a new order pay.
        if (order.pendingSince || (order.claimedAt && now.getTime() - order.claimedAt.getTime() < CLAIM_TIMEOUT_MS)) {
          return { refused: inFlightRefusal(order, 'pay') };
        }
        // A claim nobody finished (a process that died mid-capture): this request takes it over; the provider
        // answers "already captured" if the first attempt went through.
        await updateOrder(tx, orderId, { state: 'capturing', claimedAt: now });
        return { claimedAt: now };
      case 'created': {
        const problem = unpayable(appointment, order, Boolean(await findPaymentInForce(tx, order.appointmentId)));
        if (problem) {
          await updateOrder(tx, orderId, { state: 'voided', closedReason: `refused at capture: ${problem.code}` });
          return { refused: problem };
        }
        const inFlight = await findOrderInFlight(tx, order.appointmentId);
        if (inFlight) return { refused: inFlightRefusal(inFlight, 'pay') };
        await updateOrder(tx, orderId, { state: 'capturing', claimedAt: now });
        return { claimedAt: now };
      }
    }
  });
}

async function capture(ctx: PaymentContext, actor: Actor, order: PaymentOrderRow): Promise<CaptureOutcome> {
  const claim = await claimOrder(ctx, order.orderId);
  if ('refused' in claim) throw claim.refused;
  if ('replay' in claim) return outcomeOf(ctx, claim.replay);

  let result: CaptureResult;
  try {
    result = await askToCapture(ctx, order, claim.claimedAt);
  } catch (error) {
    if (!(error instanceof CaptureFailed)) throw error;
    if (error.release) await releaseClaim(ctx, order.orderId);
    await ctx.recordError({
      userId: actor.userId,
      errorMessage: `Capturing payment order ${order.orderId} failed: ${error.message}`,
      appointmentIdentifier: order.appointmentId,
      componentName: componentOf(actor),
      source: 'server',
    });
    if (error.declined) throw new HttpError(402, 'PAYMENT_DECLINED', PAYMENT_TEXTS.declined);
    throw new HttpError(502, 'APPROVAL_FAILED', actor.role === 'admin' ? PAYMENT_TEXTS.adminApprovalError : PAYMENT_TEXTS.approvalError);
  }
  return settle(ctx, actor, order, result);
}

/**
 * Asks the provider to capture, and makes sure of the outcome: "already captured" and an unknown outcome (no
 * answer, a 5xx, an unreadable answer) are looked up with the order itself. Throws CaptureFailed when no money
 * was taken; `release` says the order may be tried again at once.
 */
async function askToCapture(ctx: PaymentContext, order: PaymentOrderRow, claimedAt: Date): Promise<CaptureResult> {
  try {
    return await ctx.provider.captureOrder(order, `capture-${order.orderId}-${claimedAt.getTime()}`);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.kind === 'declined' || error.kind === 'invalid' || error.kind === 'not-found') {
      throw new CaptureFailed(error.message, true, error.kind === 'declined');
    }
    let standing: CaptureResult;
    try {
      standing = await ctx.provider.getOrder(order);
    } catch (lookup) {
      // Neither the capture nor the look-up answered: the claim stays until it times out, then the reconciler
      // (or a retry after it) finds out from the provider what happened.
      throw new CaptureFailed(`${error.message}; looking the order up failed too: ${(lookup as Error).message}`, false, false);
    }
    if (standing.captureId) return standing;
    throw new CaptureFailed(
      `${error.message} (the provider shows the order ${standing.status || 'without a status'}, not captured)`,
      true,
      false,
    );
  }
}

/** Verifies what the provider captured and records it, or gives back a capture that must not stand. */
export async function settle(ctx: PaymentContext, actor: Actor, order: PaymentOrderRow, result: CaptureResult): Promise<CaptureOutcome> {
  // The money is taken but not yet final: the order stays claimed until the provider completes or declines it.
  if (result.captureId && result.captureStatus === 'PENDING') return holdPending(ctx, order, result);
  const problems = [
    result.status !== 'COMPLETED' && `order status ${result.status}`,
    result.captureStatus !== 'COMPLETED' && `capture status ${result.captureStatus || 'missing'}`,
    valueToCents(result.amountValue) !== order.amountCents && `amount ${result.amountValue} instead of ${dollars(order.amountCents)}`,
    result.currency !== order.currency && `currency ${result.currency}`,
    result.customId !== order.appointmentId && `appointment ${result.customId || 'missing'}`,
  ].filter((problem): problem is string => typeof problem === 'string');

  if (problems.length > 0) {
    const why = `the capture did not verify: ${problems.join(', ')}`;
    // A give-back that failed was written to the error log once; the reconciler's later attempts are not.
    if (!order.giveBackFailedAt)
      await ctx.recordError({
        userId: actor.userId,
        errorMessage: `Capturing payment order ${order.orderId} failed: ${why}`,
        appointmentIdentifier: order.appointmentId,
        componentName: componentOf(actor),
        source: 'server',
      });
    const refundedByHand = order.giveBackFailedAt && /^(PARTIALLY_)?REFUNDED$/.test(result.captureStatus);
    if ((result.captureStatus === 'COMPLETED' || refundedByHand) && result.captureId) {
      // Money was taken, but not as ordered: it goes back, and the customer starts again. A capture the owner
      // refunded in the provider's dashboard after the automatic refund failed is recorded as given back here
      // (the provider answers the refund "already refunded").
      await giveBack(ctx, order, result, why);
    } else {
      await release(ctx, order, result, why);
    }
    if (result.captureStatus === 'DECLINED') throw new HttpError(402, 'PAYMENT_DECLINED', PAYMENT_TEXTS.declined);
    throw new HttpError(502, 'APPROVAL_FAILED', actor.role === 'admin' ? PAYMENT_TEXTS.adminApprovalError : PAYMENT_TEXTS.approvalError);
  }

  const recorded = await ctx.db.transaction(async (tx): Promise<{ payment: PaymentRow } | { unwanted: HttpError }> => {
    const appointment = await readAppointment(tx, order.appointmentId, { lock: true, includeInactive: true });
    const current = await findPaymentOrder(tx, order.orderId, true);
    if (current?.state === 'captured') {
      const payment = await findPaymentOfOrder(tx, order.orderId);
      if (payment) return { payment };
    }
    const problem = !current
      ? new HttpError(404, 'NOT_FOUND', PAYMENT_TEXTS.paymentNotFound)
      : current.state !== 'capturing'
        ? new HttpError(409, 'ORDER_STALE', PAYMENT_TEXTS.orderStale)
        : unpayable(appointment, current, Boolean(await findPaymentInForce(tx, order.appointmentId)));
    if (problem || !appointment || !current) return { unwanted: problem ?? new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid) };
    const payment = await insertPaymentOnce(tx, {
      appointmentId: order.appointmentId,
      provider: ctx.provider.kind,
      // PayPal's sandbox and the test mode take no money: the payment is TEST wherever it is shown or counted.
      isTest: ctx.provider.isTest,
      orderId: order.orderId,
      captureId: result.captureId,
      amountCents: order.amountCents,
      currency: order.currency,
      payerName: result.payerName,
      payerEmail: result.payerEmail,
      takenByUserId: order.createdByUserId,
      takenByRole: order.createdByRole,
      paidBill: paidBillOf(appointment),
    });
    if (!payment) return { unwanted: new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid) };
    await updateOrder(tx, order.orderId, { state: 'captured' });
    // Any other order of the job left open (one refused while this capture ran) is stale now.
    await voidOpenOrders(tx, order.appointmentId, `the job was paid by order ${order.orderId}`);
    await markPaid(ctx, tx, actor, appointment, payment, `true (${providerLabel(payment)} ${result.captureId})`);
    return { payment };
  });
  if ('unwanted' in recorded) {
    await giveBack(ctx, order, result, describeRefusal(recorded.unwanted));
    throw recorded.unwanted;
  }
  ctx.mail.deliverSoon();
  return outcomeOf(ctx, recorded.payment);
}

/** Why an order of this job cannot be captured now, or undefined when it can. */
function unpayable(appointment: AppointmentRow | undefined, order: PaymentOrderRow, hasPayment: boolean): HttpError | undefined {
  if (!appointment || appointment.cancelledAt || appointment.deletedAt) return new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
  if (appointment.paidAt || hasPayment) return new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid);
  // The customer pays the job as the owner priced it; the admin's order carries the amount the admin typed,
  // and any change to the job since voided it.
  if (order.createdByRole === 'customer' && (!appointment.completedAt || appointment.amountCents !== order.amountCents)) {
    return new HttpError(409, 'ORDER_STALE', PAYMENT_TEXTS.orderStale);
  }
  return undefined;
}

/**
 * Why a voided or refunded order cannot be captured, in the words that fit what happened since: the job is gone or
 * was paid (by hand, by another order), it changed (its amount, un-completed), or the order was replaced (another
 * tab, the owner's order, a capture given back) while the job stayed as it was.
 */
function closedOrderRefusal(appointment: AppointmentRow | undefined, order: PaymentOrderRow, hasPayment: boolean): HttpError {
  if (!appointment || appointment.cancelledAt || appointment.deletedAt) return new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
  if (appointment.paidAt || hasPayment) return new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid);
  if (order.createdByRole === 'customer' && (!appointment.completedAt || appointment.amountCents !== order.amountCents)) {
    return new HttpError(409, 'ORDER_STALE', PAYMENT_TEXTS.orderStale);
  }
  return new HttpError(409, 'ORDER_STALE', PAYMENT_TEXTS.orderReplaced);
}

function describeRefusal(error: HttpError): string {
  if (error.code === 'ALREADY_PAID') return 'the job was already paid';
  if (error.code === 'NOT_FOUND') return 'the job was cancelled or deleted';
  return 'the job changed after the order was made';
}

function providerLabel(payment: Pick<PaymentRow, 'provider' | 'isTest'>): string {
  if (isTestPayment(payment)) return payment.provider === 'paypal' ? "TEST, PayPal's sandbox" : 'TEST';
  return payment.provider === 'paypal' ? 'PayPal' : 'by hand';
}

async function outcomeOf(ctx: PaymentContext, payment: PaymentRow): Promise<CaptureOutcome> {
  let payerName = payment.payerName;
  if (!payerName) {
    const appointment = await readAppointment(ctx.db, payment.appointmentId, { includeInactive: true });
    const profile = appointment ? await profileOf(ctx.db, appointment.userId) : undefined;
    payerName = profile?.firstName || 'customer';
  }
  return {
    appointmentId: payment.appointmentId,
    payerName,
    amountCents: payment.amountCents,
    captureId: payment.captureId ?? '',
    isTest: isTestPayment(payment),
  };
}

/** A capture that took no money: `release` when the order may be tried again at once, `declined` for the payer's card. */
class CaptureFailed extends Error {
  constructor(
    message: string,
    readonly release: boolean,
    readonly declined: boolean,
  ) {
    super(message);
  }
}
