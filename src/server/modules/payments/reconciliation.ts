// The reconciler of captures, run each minute: every capture left claimed (a process killed while the provider
// answered, a provider that never did, a capture or a give-back held PENDING) is looked up and finished, and what
// only the other provider can finish is named in the error log once.

import { HttpError } from '../../plugins/errors.ts';
import { accountById } from '../accounts/index.ts';
import { settle } from './capture.ts';
import { release } from './capture-release.ts';
import { recordGiveBack } from './give-back.ts';
import { type Actor, CLAIM_TIMEOUT_MS, type PaymentContext, reportOnce, SYSTEM } from './payment-context.ts';
import { type CaptureResult, PaymentProviderError, type RefundResult } from './payment-provider.ts';
import { claimStaleCaptures, listClaimsOfOtherProviders, updateOrder } from './payment-queries.ts';

/**
 * Finishes captures that were claimed and never finished (a process killed while the provider answered, a
 * provider that never did): each is looked up with the provider and recorded, given back, or released.
 */
export async function reconcileStaleCaptures(ctx: PaymentContext): Promise<number> {
  await reportClaimsOfOtherProviders(ctx);
  const stale = await claimStaleCaptures(ctx.db, CLAIM_TIMEOUT_MS, 20, ctx.provider.kind);
  for (const order of stale) {
    const actor: Actor = { userId: order.createdByUserId, email: '', role: order.createdByRole };
    const user = await accountById(ctx.db, order.createdByUserId);
    actor.email = user?.email ?? '';
    let standing: CaptureResult;
    try {
      standing = await ctx.provider.getOrder(order);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.kind === 'not-found' && !order.pendingSince) {
        // The provider does not know the order (it expired uncaptured): no money was taken, and the job is free.
        await updateOrder(ctx.db, order.orderId, { state: 'voided', claimedAt: null, closedReason: 'the provider no longer knows it' });
        await ctx.recordError({
          userId: SYSTEM.userId,
          errorMessage: `Payment order ${order.orderId} was left mid-capture and the provider no longer knows it (${error.message}); it was voided, and the job can be paid with a new order.`,
          appointmentIdentifier: order.appointmentId,
          componentName: 'Payments',
          source: 'server',
        });
        continue;
      }
      // One order that cannot be looked up (or any other failure) never holds up the rest of the batch. The error
      // log hears of it once per process; the order stays claimed, so the job waits for the provider's answer.
      ctx.log.warn({ orderId: order.orderId, err: error }, 'a stale capture could not be looked up; it is tried again later');
      await reportOnce(ctx, `lookup ${order.orderId}`, {
        errorMessage: `Payment order ${order.orderId} was left mid-capture and could not be looked up: ${(error as Error).message}. It is tried again every few minutes; the job cannot be changed until then.`,
        appointmentIdentifier: order.appointmentId,
      });
      continue;
    }
    if (!standing.captureId) {
      await release(ctx, order, standing, `the provider shows the order ${standing.status || 'without a status'}, not captured`);
      continue;
    }
    let claimed = order;
    const pendingRefund = order.giveBackRefundId?.startsWith('failed:') ? undefined : order.giveBackRefundId;
    if (pendingRefund) {
      // A give-back the provider held PENDING: recorded once made; asked again (a new request) once failed.
      let refund: RefundResult;
      try {
        refund = await ctx.provider.getRefund(pendingRefund);
      } catch (error) {
        await reportOnce(ctx, `give-back ${order.orderId}`, {
          errorMessage: `The pending refund ${pendingRefund} of payment order ${order.orderId} could not be looked up: ${(error as Error).message}. It is tried again every few minutes.`,
          appointmentIdentifier: order.appointmentId,
        });
        continue;
      }
      if (refund.status === 'PENDING') continue;
      if (refund.status === 'COMPLETED') {
        await recordGiveBack(ctx, order, standing, 'the refund the provider held pending was made', {
          kind: 'refunded',
          refundId: pendingRefund,
        });
        continue;
      }
      claimed = { ...order, giveBackRefundId: `failed:${pendingRefund}` };
      await updateOrder(ctx.db, order.orderId, { giveBackRefundId: claimed.giveBackRefundId });
    }
    await settle(ctx, actor, claimed, standing).catch(async (error: unknown) => {
      if (error instanceof HttpError) return;
      ctx.log.error({ orderId: order.orderId, err: error }, 'a stale capture could not be settled');
      await reportOnce(ctx, `settle ${order.orderId}`, {
        errorMessage: `Payment order ${order.orderId} was captured (${standing.captureId}) but could not be recorded: ${(error as Error).message}. It is tried again every few minutes.`,
        appointmentIdentifier: order.appointmentId,
      });
    });
  }
  return stale.length;
}

/**
 * Captures and refunds left claimed under the other provider (the server was switched between PayPal and test
 * mode while they were under way) are never finished by this one: test mode would call a PayPal payment refunded,
 * or a PayPal order paid, with no money moved. The error log names each once; the owner switches back to finish.
 */
async function reportClaimsOfOtherProviders(ctx: PaymentContext): Promise<void> {
  const { orders, refunds } = await listClaimsOfOtherProviders(ctx.db, ctx.provider.kind);
  const now = ctx.provider.kind === 'paypal' ? 'PayPal' : 'test mode';
  for (const order of orders) {
    await reportOnce(ctx, `provider ${order.orderId}`, {
      errorMessage: `Payment order ${order.orderId} was left mid-capture with ${order.provider}, and the server now takes payments in ${now}: only ${order.provider} can finish it, so the job cannot be changed until the server runs with it again.`,
      appointmentIdentifier: order.appointmentId,
    });
  }
  for (const payment of refunds) {
    await reportOnce(ctx, `provider ${payment.id}`, {
      errorMessage: `The refund of payment ${payment.id} was left unfinished with ${payment.provider}, and the server now takes payments in ${now}: it is finished when the server runs with ${payment.provider} again.`,
      appointmentIdentifier: payment.appointmentId,
    });
  }
}
