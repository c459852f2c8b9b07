// The job's side after a change, while it waits for its payment: the pay link when the job becomes payable (with
// its invoice numbered), the friendly reminders after it, and their end once nothing is waiting for a payment.

import { customerLines } from '../../../shared/billing.ts';
import type { Executor } from '../../db/client.ts';
import type { AppointmentRow } from '../../db/schema.ts';
import { translatorFor } from '../../i18n.ts';
import { accountById } from '../accounts/index.ts';
import { readAppointment } from '../appointments/index.ts';
import { renderEmail } from '../mail/index.ts';
import { payLinkText } from '../texts/index.ts';
import { isPayable, type PaymentContext, payUrl } from './payment-context.ts';
import { type PayLinkStage, payLinkContent } from './payment-emails.ts';
import {
  claimPayReminder,
  endPayRequest,
  findOrderInFlight,
  issueInvoice,
  listDuePayReminders,
  startPayRequest,
} from './payment-queries.ts';

/** The pay link's friendly reminders go out this many days after it, and never more than these two. */
export const PAY_REMINDER_DAYS = [3, 7] as const;

/**
 * Call inside the transaction that changed the job, with the job before and after: a job that has just become
 * payable (completed, with an amount, unpaid) e-mails its customer the pay link, and its reminders start; one
 * that is no longer waiting for a payment (paid, cancelled, deleted, un-completed, its amount cleared) has none due. Answers whether an
 * e-mail was queued, for the caller to deliver once the transaction commits.
 */
export async function afterAppointmentChange(
  ctx: PaymentContext,
  tx: Executor,
  before: AppointmentRow,
  after: AppointmentRow,
): Promise<boolean> {
  // A job completed with an amount has its invoice, numbered once.
  if (after.completedAt && after.amountCents > 0) await issueInvoice(tx, after.id);
  if (isPayable(after) && !isPayable(before)) {
    await startPayRequest(tx, after.id);
    return (await sendPayLink(ctx, tx, after, 'link')).mailed;
  }
  // Paid, cancelled, deleted, un-completed or its amount cleared: nothing is waiting for a payment, and a refund later
  // does not start the reminders again (the owner gave the money back; the customer is not chased for it).
  if (!isPayable(after)) await endPayRequest(tx, after.id);
  return false;
}

/**
 * The pay link, or a reminder of it, to the job's customer in their language: whether it was e-mailed (not to a
 * deleted account) and texted (the first link only, to a customer who takes texts).
 */
export async function sendPayLink(
  ctx: PaymentContext,
  tx: Executor,
  appointment: AppointmentRow,
  stage: PayLinkStage,
): Promise<{ mailed: boolean; texted: boolean }> {
  const owner = await accountById(tx, appointment.userId);
  if (!owner) return { mailed: false, texted: false };
  const language = translatorFor(owner.locale);
  const content = payLinkContent(language, {
    stage,
    startsAt: appointment.startsAt,
    amountCents: appointment.amountCents,
    payUrl: payUrl(ctx, appointment.id),
    phone: ctx.config.support.phone,
    lines: customerLines(appointment.bill, appointment.amountCents),
  });
  await ctx.mail.enqueue({ to: owner.email, ...renderEmail(content, ctx.config.support, language), about: owner.id }, tx);
  // The first link goes by text too, to a customer who asked for texts; the reminders stay e-mails.
  const texted =
    stage === 'link' &&
    (await ctx.texts.toCustomer(tx, appointment.userId, 'pay-link', (language) =>
      payLinkText(language, appointment.amountCents, language.link(payUrl(ctx, appointment.id))),
    ));
  return { mailed: true, texted };
}

/**
 * Sends the pay-link reminders that are due (3 and 7 days after the link), each claimed and mailed in one
 * transaction, so never twice, whatever instances run this at once; never for a job paid, cancelled or deleted
 * since. Answers how many were sent.
 */
export async function sendDuePayReminders(ctx: PaymentContext): Promise<number> {
  const [first = 0, second = 0] = PAY_REMINDER_DAYS.map((days) => days * 86_400);
  let sent = 0;
  for (const appointmentId of await listDuePayReminders(ctx.db, first, second, 50)) {
    // The job's lock first, as every change of the job takes it: then the claim, checked again under it.
    const mailed = await ctx.db.transaction(async (tx) => {
      const appointment = await readAppointment(tx, appointmentId, { lock: true, includeInactive: true });
      // The customer was told PayPal is reviewing their payment and not to pay again: the reminder waits, unused.
      if ((await findOrderInFlight(tx, appointmentId))?.pendingSince) return false;
      const claimed = appointment ? await claimPayReminder(tx, appointmentId, first, second) : undefined;
      if (!appointment || !claimed || !isPayable(appointment)) return false;
      return (await sendPayLink(ctx, tx, appointment, claimed.remindersSent === 2 ? 'second reminder' : 'first reminder')).mailed;
    });
    if (mailed) sent++;
  }
  if (sent > 0) ctx.mail.deliverSoon();
  return sent;
}
