// A capture that must not stand (the job was paid, cancelled or changed meanwhile, or the capture did not verify):
// refunded through the provider, and recorded in the order, the job's history, the admins' e-mail and the error log.

import type { PaymentOrderRow } from '../../db/schema.ts';
import { adminEmails } from '../accounts/index.ts';
import { recordHistory } from '../history/index.ts';
import { renderEmail } from '../mail/index.ts';
import { lockOrder, type PaymentContext, SYSTEM } from './payment-context.ts';
import { unwantedCaptureContent } from './payment-emails.ts';
import { type CaptureResult, PaymentProviderError, valueToCents } from './payment-provider.ts';
import { updateOrder } from './payment-queries.ts';

/** What asking the provider to give a capture back came to. */
export type GiveBackOutcome =
  | { kind: 'refunded'; refundId: string }
  | { kind: 'pending'; refundId: string }
  | { kind: 'failed'; failure: string };

/**
 * Refunds a capture that must not stand (a second payment for a job, or one that did not verify), writes the
 * error log and the job's history, and tells the admins. When the refund fails the order stays claimed, so the
 * reconciler tries again every few minutes: the history, the admins and the error log hear of the first failure
 * and of the refund once made, not of each attempt between.
 */
export async function giveBack(ctx: PaymentContext, order: PaymentOrderRow, result: CaptureResult, why: string): Promise<void> {
  const amountCents = valueToCents(result.amountValue);
  // After the provider failed a refund it had held PENDING, the same request id would be answered with that one.
  const failedBefore = order.giveBackRefundId?.startsWith('failed:') ? order.giveBackRefundId.slice('failed:'.length) : undefined;
  let outcome: GiveBackOutcome;
  try {
    const refund = await ctx.provider.refundCapture({
      captureId: result.captureId,
      amountCents: Number.isNaN(amountCents) ? order.amountCents : amountCents,
      requestId: failedBefore ? `refund-capture-${result.captureId}-after-${failedBefore}` : `refund-capture-${result.captureId}`,
    });
    outcome =
      refund.status === 'PENDING' ? { kind: 'pending', refundId: refund.refundId } : { kind: 'refunded', refundId: refund.refundId };
  } catch (error) {
    if (error instanceof PaymentProviderError && error.kind === 'already-refunded')
      outcome = { kind: 'refunded', refundId: 'refunded earlier' };
    else outcome = { kind: 'failed', failure: error instanceof Error ? error.message : String(error) };
  }
  await recordGiveBack(ctx, order, result, why, outcome);
}

/**
 * What became of a give-back, in the order, the job's history, the admins' e-mail and the error log: a refund made
 * closes the order; one the provider holds PENDING keeps the order claimed with the refund's id, for the reconciler
 * to look up (the admins hear once it is made or fails); a failure is announced once (`give_back_failed_at`).
 */
export async function recordGiveBack(
  ctx: PaymentContext,
  order: PaymentOrderRow,
  result: CaptureResult,
  why: string,
  outcome: GiveBackOutcome,
): Promise<void> {
  const amountCents = valueToCents(result.amountValue);
  const announced = await ctx.db.transaction(async (tx) => {
    const { current } = await lockOrder(tx, order);
    if (outcome.kind === 'refunded') {
      await updateOrder(tx, order.orderId, { state: 'refunded', closedReason: `refunded automatically: ${why}`, giveBackRefundId: null });
    } else if (outcome.kind === 'pending') {
      if (current?.giveBackRefundId === outcome.refundId) return false;
      await updateOrder(tx, order.orderId, { giveBackRefundId: outcome.refundId, claimedAt: new Date() });
    } else if (current?.giveBackFailedAt) return false;
    else await updateOrder(tx, order.orderId, { giveBackFailedAt: new Date() });
    const after =
      outcome.kind === 'refunded'
        ? `refunded (${outcome.refundId}): ${why}`
        : outcome.kind === 'pending'
          ? `refund asked (${outcome.refundId}), pending at ${ctx.provider.kind}: ${why}`
          : `not refunded yet: ${why}`;
    await recordHistory(tx, {
      appointmentId: order.appointmentId,
      actorUserId: SYSTEM.userId,
      actorEmail: SYSTEM.email,
      action: 'refund',
      changes: { unwantedCapture: { before: `${result.captureId} ($${result.amountValue}, order ${order.orderId})`, after } },
    });
    // The admins hear when the money is back, or when it needs their hand; a pending refund needs neither yet.
    if (outcome.kind === 'pending') return true;
    const adminUrl = `${ctx.config.publicUrl}/admin`;
    for (const admin of await adminEmails(tx)) {
      const content = unwantedCaptureContent({
        appointmentId: order.appointmentId,
        orderId: order.orderId,
        captureId: result.captureId,
        amountCents: Number.isNaN(amountCents) ? order.amountCents : amountCents,
        why,
        refunded: outcome.kind === 'refunded',
        adminUrl,
      });
      await ctx.mail.enqueue({ to: admin, ...renderEmail(content, ctx.config.support) }, tx);
    }
    return true;
  });
  if (!announced) {
    ctx.log.warn(
      { orderId: order.orderId, captureId: result.captureId, outcome },
      'giving back a capture is not done yet; tried again later',
    );
    return;
  }
  const prefix = `Payment order ${order.orderId} was captured (${result.captureId}) although ${why}`;
  await ctx.recordError({
    userId: SYSTEM.userId,
    errorMessage:
      outcome.kind === 'refunded'
        ? `${prefix}; the capture was refunded (${outcome.refundId}).`
        : outcome.kind === 'pending'
          ? `${prefix}; its refund (${outcome.refundId}) is pending at the provider and is looked up until it is made.`
          : `${prefix}; refunding it failed: ${outcome.failure}`,
    appointmentIdentifier: order.appointmentId,
    componentName: 'Payments',
    source: 'server',
  });
  ctx.mail.deliverSoon();
}
