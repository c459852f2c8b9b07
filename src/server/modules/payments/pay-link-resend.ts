// "Resend pay link" on a completed job in the back office (issue 40): the owner sends the pay link again, by the
// same rules as its reminders, at most once in PAY_LINK_RESEND_MINUTES, and the job's history says so.

import type { SessionUser } from '../../../shared/account.ts';
import { APPOINTMENT_TEXTS } from '../../../shared/appointments.ts';
import { PAY_LINK_RESEND_MINUTES, type PayLinkResent } from '../../../shared/past-visits.ts';
import { HttpError, tooManyAttemptsError } from '../../plugins/errors.ts';
import { accountById } from '../accounts/index.ts';
import { readAppointment } from '../appointments/index.ts';
import { historyOf, recordHistory } from '../history/index.ts';
import { sendPayLink } from './pay-links.ts';
import { isPayable, type PaymentContext } from './payment-context.ts';
import { findOrderInFlight, latestPaymentOf } from './payment-queries.ts';

const RESEND_MS = PAY_LINK_RESEND_MINUTES * 60_000;

/**
 * Sends the job's pay link again to its customer: the e-mail, and the text to a customer who takes texts (their
 * number confirmed, not stopped, outside the quiet hours' rule of the texts module). Refused, as its reminders are
 * never sent, for a job not waiting for a payment (paid, not completed, no amount, cancelled or deleted), a
 * payment PayPal is reviewing (the customer was told not to pay again), a job whose payment was refunded (a refund
 * gives the money back and its reminders never start again; changing the bill asks for a payment anew), or a closed
 * account; and when the owner
 * sent it again less than PAY_LINK_RESEND_MINUTES ago. Under the job's row lock, so two clicks at once send once.
 */
export async function resendPayLink(ctx: PaymentContext, admin: SessionUser, appointmentId: string): Promise<PayLinkResent> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const appointment = await readAppointment(tx, appointmentId, { lock: true, includeInactive: true });
    if (!appointment) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
    if (!isPayable(appointment)) {
      throw new HttpError(409, 'NOT_PAYABLE', 'This job is not waiting for a payment (paid, not completed, no amount, or cancelled).');
    }
    if ((await latestPaymentOf(tx, appointmentId))?.refundedAt) {
      throw new HttpError(
        409,
        'REFUNDED',
        "This job's payment was refunded, so the customer is not asked to pay again. To ask for a payment, change the job's bill.",
      );
    }
    if ((await findOrderInFlight(tx, appointmentId))?.pendingSince) {
      throw new HttpError(409, 'PAYMENT_PENDING', 'PayPal is reviewing a payment of this job: the customer was told not to pay again.');
    }
    if (!(await accountById(tx, appointment.userId))) {
      throw new HttpError(409, 'ACCOUNT_CLOSED', "The customer's account is closed: there is no one to send the pay link to.");
    }
    const last = (await historyOf(tx, appointmentId)).find((entry) => entry.action === 'pay-link');
    const since = last ? Date.now() - Date.parse(last.at) : Number.POSITIVE_INFINITY;
    if (since < RESEND_MS) throw tooManyAttemptsError(RESEND_MS - since);
    const sent = await sendPayLink(ctx, tx, appointment, 'link');
    await recordHistory(tx, {
      appointmentId,
      actorUserId: admin.id,
      actorEmail: admin.email,
      action: 'pay-link',
      changes: { told: { before: null, after: sent.texted ? 'e-mail and text' : 'e-mail' } },
    });
    return { texted: sent.texted };
  });
  ctx.mail.deliverSoon();
  if (outcome.texted) ctx.texts.deliverSoon();
  return outcome;
}
