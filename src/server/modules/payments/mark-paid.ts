// A payment recorded: the one place that marks a job paid (its history, the receipt with the invoice, the
// trusted contact's copy, the thank-you and the live update), for online captures (capture.ts) and for cash, a
// check or a card taken by hand.

import type { SessionUser } from '../../../shared/account.ts';
import { customerLines } from '../../../shared/billing.ts';
import { english } from '../../../shared/english.ts';
import { invoiceNumberText } from '../../../shared/invoices.ts';
import { PAYMENT_TEXTS } from '../../../shared/payments.ts';
import type { Executor } from '../../db/client.ts';
import type { AppointmentRow, PaymentRow } from '../../db/schema.ts';
import { translatorFor } from '../../i18n.ts';
import { HttpError } from '../../plugins/errors.ts';
import { accountById } from '../accounts/account-directory.ts';
import { copyToTrustedContact } from '../accounts/trusted-contacts.ts';
import { changeJob, findJob } from '../appointments/appointment-service.ts';
import { recordHistory } from '../history/history-service.ts';
import { renderEmail } from '../mail/mail-templates.ts';
import { thankForPayment } from '../reviews/review-service.ts';
import { invoiceAttachment } from './invoices.ts';
import { beforeJobChange } from './job-guard.ts';
import { type Actor, dollars, type PaymentContext } from './payment-context.ts';
import { manualMethod, receiptContent } from './payment-emails.ts';
import { isTestPayment } from './payment-provider.ts';
import { endPayRequest, insertPaymentOnce, issueInvoice } from './payment-queries.ts';

/** Marks the job paid for a payment just recorded: history, receipt and the live update, in the same transaction. */
export async function markPaid(
  ctx: PaymentContext,
  tx: Executor,
  actor: Actor,
  appointment: AppointmentRow,
  payment: PaymentRow,
  paidNote: string,
): Promise<void> {
  const now = new Date();
  // Paid: its pay link's reminders end here, whatever happens to the payment later (a refund does not restart them).
  await endPayRequest(tx, appointment.id);
  await changeJob(tx, appointment.id, {
    paidAt: now,
    amountCents: payment.amountCents,
    ...(appointment.completedAt ? {} : { completedAt: now }),
  });
  const changes: Record<string, { before: unknown; after: unknown }> = { isPaid: { before: false, after: paidNote } };
  if (appointment.amountCents !== payment.amountCents) {
    changes.amount = { before: dollars(appointment.amountCents), after: dollars(payment.amountCents) };
  }
  if (!appointment.completedAt) changes.isCompleted = { before: false, after: true };
  await recordHistory(tx, {
    appointmentId: appointment.id,
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action: 'payment',
    changes,
  });
  const invoice = await issueInvoice(tx, appointment.id);
  const owner = await accountById(tx, appointment.userId);
  if (owner) {
    // In the customer's saved language, with the invoice attached.
    const language = translatorFor(owner.locale);
    const paidJob = (await findJob(tx, appointment.id, { includeInactive: true })) ?? appointment;
    const receipt = {
      startsAt: appointment.startsAt,
      amountCents: payment.amountCents,
      reference:
        payment.provider === 'manual'
          ? language.t(english('{method} payment recorded by {email}'), {
              method: manualMethod(language, payment.method),
              email: ctx.config.support.email,
            })
          : (payment.captureId ?? payment.id),
      homeUrl: `${ctx.config.publicUrl}/home`,
      isTest: isTestPayment(payment),
      lines: customerLines(appointment.bill, payment.amountCents),
      invoice: {
        number: invoiceNumberText(invoice.number),
        url: `${ctx.config.publicUrl}/invoice/${encodeURIComponent(appointment.id)}`,
      },
    };
    const content = receiptContent(language, receipt);
    const attachment = await invoiceAttachment(ctx, tx, paidJob, invoice, language);
    await ctx.mail.enqueue(
      { to: owner.email, ...renderEmail(content, ctx.config.support, language), about: owner.id, attachments: [attachment] },
      tx,
    );
    // The contact's copy says nothing of the invoice: its page needs the customer's sign-in, and the PDF stays theirs.
    const copy = receiptContent(language, { ...receipt, invoice: undefined });
    await copyToTrustedContact(tx, ctx.mail, ctx.config, appointment.userId, copy, language);
  }
  // The thank-you, with the request for a rating: real payments only (a TEST payment moves no money).
  if (!isTestPayment(payment)) await thankForPayment(tx, ctx.mail, ctx.config, appointment);
  await ctx.events.announce(tx, { kind: 'appointment', userId: appointment.userId, appointmentId: appointment.id });
}

/**
 * Records cash, a check or a card taken in person, inside the back office's transaction (which holds the job's
 * row lock): voids the job's open orders first, and refuses while a capture is under way.
 */
export async function recordManualPayment(
  ctx: PaymentContext,
  tx: Executor,
  admin: SessionUser,
  appointment: AppointmentRow,
  input: { method: string; amountCents: number; payerName: string; payerEmail: string },
): Promise<void> {
  await beforeJobChange(tx, appointment.id, 'paid by hand');
  const payment = await insertPaymentOnce(tx, {
    appointmentId: appointment.id,
    provider: 'manual',
    method: input.method,
    amountCents: input.amountCents,
    payerName: input.payerName,
    payerEmail: input.payerEmail,
    takenByUserId: admin.id,
    takenByRole: 'admin',
  });
  if (!payment) throw new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid);
  await markPaid(ctx, tx, { userId: admin.id, email: admin.email, role: 'admin' }, appointment, payment, `true (${input.method})`);
}
