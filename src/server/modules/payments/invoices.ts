// The invoice, the payment's paper: numbered once when the job is completed with an amount (pay-links.ts), shown
// on its page, given as a PDF, and attached to the receipt (mark-paid.ts).

import type { SessionUser } from '../../../shared/account.ts';
import { BUSINESS_NAME, FEES } from '../../../shared/business.ts';
import { type Invoice, type InvoiceMethod, invoiceLines, invoiceNumberText } from '../../../shared/invoices.ts';
import { PAYMENT_TEXTS } from '../../../shared/payments.ts';
import type { Executor } from '../../db/client.ts';
import type { AppointmentRow, InvoiceRow, PaymentRow } from '../../db/schema.ts';
import { type Translator, translatorFor } from '../../i18n.ts';
import { HttpError } from '../../plugins/errors.ts';
import { accountById, customerOf } from '../accounts/index.ts';
import { readAppointment } from '../appointments/index.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import type { PaymentContext } from './payment-context.ts';
import { isTestPayment } from './payment-provider.ts';
import { findInvoice, latestPaymentOf } from './payment-queries.ts';

/** The invoice of a job that has one, as its page and its PDF show it. */
async function invoiceOf(ctx: PaymentContext, db: Executor, appointment: AppointmentRow, row: InvoiceRow): Promise<Invoice> {
  const customer = await customerOf(db, appointment.userId);
  const payment = await latestPaymentOf(db, appointment.id);
  const method = (paid: PaymentRow): InvoiceMethod => {
    if (isTestPayment(paid)) return 'test';
    if (paid.provider === 'paypal') return 'paypal';
    return paid.method === 'check' || paid.method === 'card' ? paid.method : 'cash';
  };
  const name = `${customer.firstName} ${customer.lastName}`.trim();
  return {
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    appointmentId: appointment.id,
    business: {
      name: BUSINESS_NAME,
      address: ctx.config.businessAddress,
      phone: ctx.config.support.phone,
      email: ctx.config.support.email,
      website: new URL(ctx.config.publicUrl).host,
    },
    customer: {
      name: name || customer.email,
      email: customer.email,
      phone: customer.phoneNumber,
      address: customer.streetAddress ? `${customer.streetAddress}, ${customer.city}, ${customer.state} ${customer.zipCode}` : '',
    },
    visit: { startsAt: appointment.startsAt.toISOString(), isRemote: appointment.isRemote },
    work:
      appointment.bill && appointment.bill.totalCents === appointment.amountCents
        ? {
            kind: appointment.bill.kind,
            start: appointment.bill.start,
            end: appointment.bill.end,
            minutes: appointment.bill.minutes,
            hourlyCents: FEES[appointment.bill.kind].hourlyDollars * 100,
          }
        : null,
    workDone: appointment.workDone,
    lines: invoiceLines(appointment.bill, appointment.amountCents),
    amountCents: appointment.amountCents,
    // A visit the owner deleted is owed nothing: its invoice, kept for the numbering, is void (a paid one stays paid).
    status: appointment.paidAt ? 'paid' : appointment.deletedAt ? 'void' : payment?.refundedAt ? 'refunded' : 'due',
    payment: payment
      ? {
          method: method(payment),
          reference: payment.provider === 'manual' ? '' : (payment.captureId ?? payment.id),
          paidAt: payment.capturedAt.toISOString(),
          amountCents: payment.amountCents,
          refundedAt: payment.refundedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** The invoice of a job, for its customer or an admin; 404 for anyone else, or a job without one. */
export async function invoice(ctx: PaymentContext, viewer: SessionUser, appointmentId: string): Promise<Invoice> {
  const appointment = await readAppointment(ctx.db, appointmentId, { includeInactive: true });
  if (!appointment || (appointment.userId !== viewer.id && !viewer.isAdmin))
    throw new HttpError(404, 'NOT_FOUND', PAYMENT_TEXTS.invoiceNotFound);
  const row = await findInvoice(ctx.db, appointmentId);
  if (!row) throw new HttpError(404, 'NOT_FOUND', PAYMENT_TEXTS.invoiceNotFound);
  return invoiceOf(ctx, ctx.db, appointment, row);
}

/**
 * The invoice as a PDF with its file name: in `locale` when asked, or else the customer's saved language for the
 * customer and English for the owner.
 */
export async function invoicePdf(
  ctx: PaymentContext,
  viewer: SessionUser,
  appointmentId: string,
  locale?: string,
): Promise<{ pdf: Buffer; filename: string }> {
  const shown = await invoice(ctx, viewer, appointmentId);
  const saved = viewer.isAdmin ? 'en' : (await accountById(ctx.db, viewer.id))?.locale;
  return { pdf: await renderInvoicePdf(shown, translatorFor(locale ?? saved)), filename: invoiceFileName(shown.number) };
}

/** The invoice's PDF as an e-mail attachment, in the customer's language. */
export async function invoiceAttachment(
  ctx: PaymentContext,
  tx: Executor,
  appointment: AppointmentRow,
  row: InvoiceRow,
  language: Translator,
) {
  const pdf = await renderInvoicePdf(await invoiceOf(ctx, tx, appointment, row), language);
  return {
    filename: invoiceFileName(row.number),
    contentType: 'application/pdf',
    content: pdf.toString('base64'),
    encoding: 'base64' as const,
  };
}

/** The invoice's file name: techhelp-invoice-00042.pdf. */
export function invoiceFileName(number: number): string {
  return `techhelp-invoice-${invoiceNumberText(number)}.pdf`;
}
