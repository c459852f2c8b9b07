// A payment's last part: what a customer's data export lists of their payments and invoices, and what is forgotten
// of them when they delete their account (decision 024).

import type { Executor } from '../../db/client.ts';
import { forgetPayers, listInvoicesOfAppointments, listPaymentsOfAppointments } from './payment-queries.ts';

/** A customer's payments and invoices, as their data export lists them (decision 024). */
export async function paymentRecordsOf(db: Executor, appointmentIds: string[]) {
  const [paid, issued] = await Promise.all([
    listPaymentsOfAppointments(db, appointmentIds),
    listInvoicesOfAppointments(db, appointmentIds),
  ]);
  return {
    payments: paid.map((payment) => ({
      appointmentId: payment.appointmentId,
      amountCents: payment.amountCents,
      currency: payment.currency,
      provider: payment.provider,
      method: payment.method,
      reference: payment.captureId ?? payment.id,
      payerName: payment.payerName,
      payerEmail: payment.payerEmail,
      paidAt: payment.capturedAt.toISOString(),
      refundedAt: payment.refundedAt?.toISOString() ?? null,
    })),
    invoices: issued.map((invoice) => ({ appointmentId: invoice.appointmentId, number: invoice.number })),
  };
}

/**
 * The customer deleted their account: their payments keep the amounts, not their name or e-mail, and their unpaid
 * jobs' pay links are reminded no more.
 */
export async function forgetPayersOf(tx: Executor, appointmentIds: string[]): Promise<void> {
  await forgetPayers(tx, appointmentIds);
}
