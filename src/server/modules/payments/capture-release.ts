// A capture that took no money, or none yet: held while the provider keeps it PENDING (the order stays claimed),
// released to be tried again, or voided once the provider declined what it held (the customer is told).

import { PAYMENT_TEXTS } from '../../../shared/payments.ts';
import type { Executor } from '../../db/client.ts';
import type { PaymentOrderRow } from '../../db/schema.ts';
import { translatorFor } from '../../i18n.ts';
import { HttpError } from '../../plugins/errors.ts';
import { accountById } from '../accounts/index.ts';
import { readAppointment } from '../appointments/index.ts';
import { recordHistory } from '../history/index.ts';
import { renderEmail } from '../mail/index.ts';
import { isPayable, lockOrder, type PaymentContext, payUrl, SYSTEM } from './payment-context.ts';
import { pendingDeclinedContent } from './payment-emails.ts';
import type { CaptureResult } from './payment-provider.ts';
import { findPaymentOrder, updateOrder } from './payment-queries.ts';

/**
 * A capture the provider took but holds PENDING (PayPal's review, an eCheck): not recorded yet, and not released,
 * since the money may still arrive; the order keeps its claim, so that nothing else pays or changes the job, and
 * the reconciler looks it up again until the capture completes (recorded) or is declined (released). The history
 * says so once.
 */
export async function holdPending(ctx: PaymentContext, order: PaymentOrderRow, result: CaptureResult): Promise<never> {
  const first = await ctx.db.transaction(async (tx) => {
    const { current } = await lockOrder(tx, order);
    if (current?.state !== 'capturing') return false;
    const now = new Date();
    await updateOrder(tx, order.orderId, { claimedAt: now, pendingSince: current.pendingSince ?? now });
    if (current.pendingSince) return false;
    await notePendingCapture(tx, order, {
      before: null,
      after: `${result.captureId} ($${result.amountValue}, order ${order.orderId}) held PENDING by ${ctx.provider.kind}: recorded when it completes`,
    });
    return true;
  });
  if (first) ctx.log.info({ orderId: order.orderId, captureId: result.captureId }, 'a capture is held pending by the provider');
  throw new HttpError(409, 'PAYMENT_PENDING', PAYMENT_TEXTS.paymentPending);
}

/** Gives a claimed order back to be captured again, unless the provider holds a capture of it PENDING. */
export async function releaseClaim(ctx: PaymentContext, orderId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const head = await findPaymentOrder(tx, orderId);
    if (!head) return;
    await readAppointment(tx, head.appointmentId, { lock: true, includeInactive: true });
    const current = await findPaymentOrder(tx, orderId, true);
    if (current?.state === 'capturing' && !current.pendingSince) await updateOrder(tx, orderId, { state: 'created', claimedAt: null });
  });
}

/**
 * A capture that took no money: the order may be tried again, unless the provider had held it PENDING and has now
 * declined it, in which case it is voided (a new order starts again), the history says so, and the customer, who
 * was told to wait for a receipt, is told that nothing was taken and how to pay.
 */
export async function release(ctx: PaymentContext, order: PaymentOrderRow, result: CaptureResult, why: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { appointment, current } = await lockOrder(tx, order);
    if (current?.state !== 'capturing') return;
    if (!current.pendingSince) {
      await updateOrder(tx, order.orderId, { state: 'created', claimedAt: null });
      return;
    }
    await updateOrder(tx, order.orderId, {
      state: 'voided',
      claimedAt: null,
      closedReason: `the provider did not complete the pending capture: ${why}`,
    });
    await notePendingCapture(tx, order, {
      before: `${result.captureId} held PENDING by ${ctx.provider.kind}`,
      after: `not completed (${result.captureStatus || 'no status'}): no money taken`,
    });
    const owner = appointment ? await accountById(tx, appointment.userId) : undefined;
    if (appointment && owner && isPayable(appointment)) {
      const language = translatorFor(owner.locale);
      const content = pendingDeclinedContent(language, {
        startsAt: appointment.startsAt,
        amountCents: appointment.amountCents,
        payUrl: payUrl(ctx, appointment.id),
        phone: ctx.config.support.phone,
      });
      await ctx.mail.enqueue({ to: owner.email, ...renderEmail(content, ctx.config.support, language), about: owner.id }, tx);
    }
  });
  ctx.mail.deliverSoon();
}

/** The job's history of a capture the provider held PENDING: when it was held, and when it was declined. */
async function notePendingCapture(tx: Executor, order: PaymentOrderRow, change: { before: string | null; after: string }): Promise<void> {
  await recordHistory(tx, {
    appointmentId: order.appointmentId,
    actorUserId: SYSTEM.userId,
    actorEmail: SYSTEM.email,
    action: 'payment-pending',
    changes: { paymentPending: change },
  });
}
