// A payment recorded: the job is marked paid through its life cycle (appointments/appointment-lifecycle.ts), for online
// captures (capture.ts) and for cash, a check or a card taken by hand; the receipt with the invoice and the trusted
// contact's copy go from here.

import type { SessionUser } from '../../../shared/account.ts';
import { customerLines } from '../../../shared/billing.ts';
import { english } from '../../../shared/english.ts';
import { invoiceNumberText } from '../../../shared/invoices.ts';
import { PAYMENT_TEXTS } from '../../../shared/payments.ts';
import type { Executor } from '../../db/client.ts';
import type { AppointmentRow, PaidBill, PaymentRow } from '../../db/schema.ts';
import { translatorFor } from '../../i18n.ts';
import { HttpError } from '../../plugins/errors.ts';
import { accountById, copyToTrustedContact } from '../accounts/index.ts';
import type { Payment } from '../appointments/index.ts';
import { renderEmail } from '../mail/index.ts';
import { invoiceAttachment } from './invoices.ts';
import type { Actor, PaymentContext } from './payment-context.ts';
import { manualMethod, receiptContent } from './payment-emails.ts';
import { isTestPayment } from './payment-provider.ts';
import { insertPaymentOnce, issueInvoice } from './payment-queries.ts';

/**
 * Marks the job paid for a payment captured online, through the job's life cycle, which writes the job, its history
 * and the live update, and calls the listeners (this module's `paidListener` sends the receipt; reviews thanks).
 */
export async function markPaid(
  ctx: PaymentContext,
  tx: Executor,
  actor: Actor,
  appointment: AppointmentRow,
  payment: PaymentRow,
  paidNote: string,
): Promise<void> {
  await ctx.lifecycle.markPaid(tx, appointment, { userId: actor.userId, email: actor.email }, paymentOf(payment, paidNote));
}

function paymentOf(payment: PaymentRow, note: string): Payment {
  return { paymentId: payment.id, amountCents: payment.amountCents, isTest: isTestPayment(payment), note };
}

/**
 * The receipt of a payment just recorded (the job as it now is, paid), in the customer's saved language with the
 * invoice attached, and the trusted contact's copy: queued in the payment's transaction.
 */
export async function sendReceipt(ctx: PaymentContext, tx: Executor, paidAppointment: AppointmentRow, payment: PaymentRow): Promise<void> {
  const invoice = await issueInvoice(tx, paidAppointment.id);
  const owner = await accountById(tx, paidAppointment.userId);
  if (!owner) return;
  const language = translatorFor(owner.locale);
  const receipt = {
    startsAt: paidAppointment.startsAt,
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
    lines: customerLines(paidAppointment.bill, payment.amountCents),
    invoice: {
      number: invoiceNumberText(invoice.number),
      url: `${ctx.config.publicUrl}/invoice/${encodeURIComponent(paidAppointment.id)}`,
    },
  };
  const content = receiptContent(language, receipt);
  const attachment = await invoiceAttachment(ctx, tx, paidAppointment, invoice, language);
  await ctx.mail.enqueue(
    { to: owner.email, ...renderEmail(content, ctx.config.support, language), about: owner.id, attachments: [attachment] },
    tx,
  );
  // The contact's copy says nothing of the invoice: its page needs the customer's sign-in, and the PDF stays theirs.
  const copy = receiptContent(language, { ...receipt, invoice: undefined });
  await copyToTrustedContact(tx, ctx.mail, ctx.config, paidAppointment.userId, copy, language);
}

/**
 * Records cash, a check or a card taken in person, inside the back office's edit (the job's life cycle holds the
 * job's row lock, and has voided its open orders or refused while a capture is under way): the payment the life
 * cycle then marks the job paid with.
 */
export async function recordManualPayment(
  tx: Executor,
  admin: SessionUser,
  appointment: AppointmentRow,
  input: { method: string; amountCents: number; payerName: string; payerEmail: string },
): Promise<Payment> {
  const payment = await insertPaymentOnce(tx, {
    appointmentId: appointment.id,
    provider: 'manual',
    method: input.method,
    amountCents: input.amountCents,
    payerName: input.payerName,
    payerEmail: input.payerEmail,
    takenByUserId: admin.id,
    takenByRole: 'admin',
    paidBill: paidBillOf(appointment),
  });
  if (!payment) throw new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid);
  return paymentOf(payment, `true (${input.method})`);
}

/**
 * What a payment keeps of the bill it pays: the total and the sales tax as they stand now (decision 035), so that the
 * report counts it from them whatever the job's bill becomes later; a typed amount, its total without tax.
 */
export function paidBillOf(appointment: Pick<AppointmentRow, 'bill' | 'amountCents'> | undefined): PaidBill | null {
  if (!appointment) return null;
  const bill = appointment.bill;
  // A typed amount has no bill, so no tax: kept as such, so that a bill made later never lends it one.
  return bill ? { totalCents: bill.totalCents, tax: bill.tax } : { totalCents: appointment.amountCents };
}
