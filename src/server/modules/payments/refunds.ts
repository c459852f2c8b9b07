// A payment given back: the owner's refund from the paid list (through the provider, or recorded for a payment by
// hand or a test one), a refund the provider holds PENDING, and the refunds a dead process left claimed.

import type { SessionUser } from '../../../shared/account.ts';
import { APPOINTMENT_TEXTS } from '../../../shared/appointments.ts';
import { english } from '../../../shared/english.ts';
import { PAYMENT_TEXTS, type RefundOutcome } from '../../../shared/payments.ts';
import type { Executor } from '../../db/client.ts';
import type { AppointmentRow, PaymentRow } from '../../db/schema.ts';
import { translatorFor } from '../../i18n.ts';
import { HttpError } from '../../plugins/errors.ts';
import { accountById } from '../accounts/index.ts';
import { readAppointment } from '../appointments/index.ts';
import { recordHistory } from '../history/index.ts';
import { renderEmail } from '../mail/index.ts';
import {
  type Actor,
  CLAIM_TIMEOUT_MS,
  dollars,
  lockPayment,
  type PaymentContext,
  type Refusal,
  reportOnce,
  SYSTEM,
} from './payment-context.ts';
import { manualMethod, refundContent } from './payment-emails.ts';
import { isTestPayment, PaymentProviderError } from './payment-provider.ts';
import { claimStaleRefunds, findPayment, updateOrder, updatePayment, voidOpenOrders } from './payment-queries.ts';

/**
 * Refunds a payment in whole: PayPal's through the provider (one refund however often it is asked, under the
 * job's lock and a claim, with a request id PayPal keeps to one refund), test-mode and by-hand ones recorded
 * here. The job returns to completed and unpaid; the customer is told; the history and the totals show it.
 */
export async function refund(ctx: PaymentContext, admin: SessionUser, paymentId: string): Promise<RefundOutcome> {
  const actor: Actor = { userId: admin.id, email: admin.email, role: 'admin' };
  const step = await ctx.db.transaction(async (tx): Promise<{ done: PaymentRow } | { ask: PaymentRow } | Refusal> => {
    const head = await findPayment(tx, paymentId);
    if (!head) return { refused: new HttpError(404, 'NOT_FOUND', PAYMENT_TEXTS.paymentNotFound) };
    const appointment = await readAppointment(tx, head.appointmentId, { lock: true, includeInactive: true });
    const payment = (await findPayment(tx, paymentId, true)) ?? head;
    if (!appointment) return { refused: new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound) };
    if (payment.refundedAt) return { done: payment };
    if (payment.provider === 'manual') {
      return { done: await finishRefund(ctx, tx, actor, payment, appointment, `given back by hand (${payment.method ?? 'cash'})`) };
    }
    if (payment.provider !== ctx.provider.kind) {
      // A test-mode payment from before PayPal was configured moved no money: its refund moves none either.
      if (payment.provider === 'sandbox') return { done: await finishRefund(ctx, tx, actor, payment, appointment, 'TEST: no money moved') };
      return { refused: new HttpError(409, 'REFUND_NEEDS_PAYPAL', PAYMENT_TEXTS.refundNeedsPayPal) };
    }
    if (payment.refundPendingId) return { refused: new HttpError(409, 'REFUND_PENDING', PAYMENT_TEXTS.refundPending) };
    if (payment.refundClaimedAt && Date.now() - payment.refundClaimedAt.getTime() < CLAIM_TIMEOUT_MS) {
      return { refused: new HttpError(409, 'REFUND_IN_PROGRESS', PAYMENT_TEXTS.refundInProgress) };
    }
    // The claim names who asked, so that a refund a dead process left unfinished is finished in their name.
    return { ask: await updatePayment(tx, paymentId, { refundClaimedAt: new Date(), refundedBy: admin.id }) };
  });
  if ('refused' in step) throw step.refused;
  if ('done' in step) {
    ctx.mail.deliverSoon();
    return refundOutcome(step.done);
  }
  return refundOutcome(await askForRefund(ctx, step.ask, actor));
}

/**
 * Asks the provider to refund a claimed payment and records the refund. The request id is the payment's, so a
 * repeated request (a retry, or the reconciler after a crash) is answered with the first refund, never a second.
 */
async function askForRefund(ctx: PaymentContext, payment: PaymentRow, actor: Actor): Promise<PaymentRow> {
  let reference: string;
  try {
    const refund = await ctx.provider.refundCapture({
      captureId: payment.captureId ?? '',
      amountCents: payment.amountCents,
      // The same id for every request of one refund, so PayPal answers a repeat with the first; a new one after
      // PayPal failed a refund it had held PENDING, which would otherwise be answered with that failure.
      requestId: payment.refundAttempts === 0 ? `refund-${payment.id}` : `refund-${payment.id}-${payment.refundAttempts + 1}`,
    });
    if (refund.status === 'PENDING') return holdPendingRefund(ctx, payment, refund.refundId, actor);
    reference = refund.refundId;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.kind === 'already-refunded') {
      reference = 'refunded at PayPal earlier';
    } else {
      // Releasing the claim is safe: the same request id, or PayPal's "already refunded", keeps a retry to one refund.
      await updatePayment(ctx.db, payment.id, { refundClaimedAt: null, refundedBy: null });
      await ctx.recordError({
        userId: actor.userId,
        errorMessage: `Refunding payment ${payment.id} (capture ${payment.captureId}) failed: ${error.message}`,
        appointmentIdentifier: payment.appointmentId,
        componentName: 'PaidAppointments',
        source: 'server',
      });
      throw new HttpError(502, 'REFUND_FAILED', PAYMENT_TEXTS.refundFailed);
    }
  }
  const done = await ctx.db.transaction(async (tx) => {
    const { appointment, current } = await lockPayment(tx, payment);
    if (current.refundedAt || !appointment) return current;
    return finishRefund(ctx, tx, actor, current, appointment, reference, true);
  });
  ctx.mail.deliverSoon();
  return done;
}

/**
 * A refund the provider answered PENDING (PayPal: funded by an eCheck, or waiting for the balance): the money has not
 * gone back yet and may not, so the payment stays in force and claimed, the customer is told nothing yet, and the
 * history says so once. The reconciler looks the refund up until it is completed (recorded, the customer e-mailed)
 * or failed (released, the error log told).
 */
async function holdPendingRefund(ctx: PaymentContext, payment: PaymentRow, refundId: string, actor: Actor): Promise<never> {
  await ctx.db.transaction(async (tx) => {
    const { current } = await lockPayment(tx, payment);
    if (current.refundedAt || current.refundPendingId === refundId) return;
    await updatePayment(tx, payment.id, { refundPendingId: refundId, refundClaimedAt: new Date() });
    await recordHistory(tx, {
      appointmentId: payment.appointmentId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'refund-pending',
      changes: {
        refund: { before: null, after: `$${dollars(payment.amountCents)} asked of ${ctx.provider.kind} (${refundId}): pending there` },
      },
    });
  });
  throw new HttpError(409, 'REFUND_PENDING', PAYMENT_TEXTS.refundPending);
}

/** Looks up a refund the provider held PENDING: recorded once completed, released once failed or cancelled. */
async function settlePendingRefund(ctx: PaymentContext, payment: PaymentRow, refundId: string, actor: Actor): Promise<void> {
  const standing = await ctx.provider.getRefund(refundId);
  if (standing.status === 'PENDING') return;
  if (standing.status === 'COMPLETED') {
    await ctx.db.transaction(async (tx) => {
      const { appointment, current } = await lockPayment(tx, payment);
      if (current.refundedAt || current.refundPendingId !== refundId || !appointment) return;
      await updatePayment(tx, payment.id, { refundPendingId: null });
      await finishRefund(ctx, tx, actor, current, appointment, refundId, true);
    });
    ctx.mail.deliverSoon();
    return;
  }
  // FAILED or CANCELLED: no money went back; the payment stands, and the owner can refund it again.
  await ctx.db.transaction(async (tx) => {
    const { current } = await lockPayment(tx, payment);
    if (current.refundedAt || current.refundPendingId !== refundId) return;
    await updatePayment(tx, payment.id, {
      refundPendingId: null,
      refundClaimedAt: null,
      refundedBy: null,
      refundAttempts: current.refundAttempts + 1,
    });
    await recordHistory(tx, {
      appointmentId: payment.appointmentId,
      actorUserId: SYSTEM.userId,
      actorEmail: SYSTEM.email,
      action: 'refund-pending',
      changes: {
        refund: { before: `${refundId} pending at ${ctx.provider.kind}`, after: `not made (${standing.status}): the payment stands` },
      },
    });
  });
  await ctx.recordError({
    userId: actor.userId,
    errorMessage: `The refund of payment ${payment.id} (capture ${payment.captureId}) was ${standing.status} by the provider (${refundId}): no money went back, and the job is still paid.`,
    appointmentIdentifier: payment.appointmentId,
    componentName: 'PaidAppointments',
    source: 'server',
  });
}

/**
 * Finishes the refunds a dead process left claimed, each asked again (answered, not repeated) and recorded, and
 * looks up those the provider holds PENDING.
 */
export async function reconcileStaleRefunds(ctx: PaymentContext): Promise<number> {
  const stale = await claimStaleRefunds(ctx.db, CLAIM_TIMEOUT_MS, 20, ctx.provider.kind);
  for (const payment of stale) {
    const admin = payment.refundedBy ? await accountById(ctx.db, payment.refundedBy) : undefined;
    const actor: Actor = admin ? { userId: admin.id, email: admin.email, role: 'admin' } : SYSTEM;
    if (payment.refundPendingId) {
      const refundId = payment.refundPendingId;
      await settlePendingRefund(ctx, payment, refundId, actor).catch(async (error: unknown) => {
        ctx.log.warn({ paymentId: payment.id, err: error }, 'a pending refund could not be looked up; it is tried again later');
        await reportOnce(ctx, `refund ${payment.id}`, {
          errorMessage: `The pending refund ${refundId} of payment ${payment.id} could not be looked up: ${(error as Error).message}. It is tried again every few minutes.`,
          appointmentIdentifier: payment.appointmentId,
        });
      });
      continue;
    }
    await askForRefund(ctx, payment, actor).catch((error: unknown) => {
      ctx.log.warn({ paymentId: payment.id, err: error }, 'a refund left unfinished could not be finished yet');
    });
  }
  return stale.length;
}

export async function finishRefund(
  ctx: PaymentContext,
  tx: Executor,
  actor: Actor,
  payment: PaymentRow,
  appointment: AppointmentRow,
  reference: string,
  /** Whether `reference` is the provider's (PayPal's, or the built-in test provider's) refund id. */
  fromProvider = false,
): Promise<PaymentRow> {
  const refunded = await updatePayment(tx, payment.id, {
    refundedAt: new Date(),
    refundReference: reference,
    refundedBy: actor.userId,
    refundClaimedAt: null,
  });
  if (payment.orderId) await updateOrder(tx, payment.orderId, { state: 'refunded', closedReason: `refunded by ${actor.email}` });
  await voidOpenOrders(tx, appointment.id, 'the job was refunded; a new payment starts with a new order');
  await ctx.lifecycle.markRefunded(
    tx,
    appointment,
    { userId: actor.userId, email: actor.email },
    { amountCents: payment.amountCents, reference },
  );
  const owner = await accountById(tx, appointment.userId);
  if (owner) {
    // In the customer's saved language.
    const language = translatorFor(owner.locale);
    const { t } = language;
    const method = isTestPayment(payment)
      ? t(english('TEST: this payment was made in test mode, so no money moves.'))
      : payment.provider === 'paypal'
        ? t(english('The money goes back to the PayPal account or card you paid with; your bank may take a few days to show it.'))
        : t(english('We give it back to you the way you paid ({method}).'), {
            method: manualMethod(language, payment.method ?? 'cash'),
          });
    const content = refundContent(language, {
      startsAt: appointment.startsAt,
      amountCents: payment.amountCents,
      // A refund by hand or of a test payment that moved no money has no provider's reference: the back office's
      // own English note of it says what `method` says.
      ...(fromProvider ? { reference } : {}),
      homeUrl: `${ctx.config.publicUrl}/home`,
      method,
    });
    await ctx.mail.enqueue({ to: owner.email, ...renderEmail(content, ctx.config.support, language), about: owner.id }, tx);
  }
  return refunded;
}

function refundOutcome(payment: PaymentRow): RefundOutcome {
  return {
    paymentId: payment.id,
    appointmentId: payment.appointmentId,
    amountCents: payment.amountCents,
    refundedAt: (payment.refundedAt ?? new Date()).toISOString(),
    refundReference: payment.refundReference ?? '',
  };
}
