// The customer's past visits (issue 40): their paid visits with each one's invoice and payment, for "Past visits" on
// /home. The appointments module finds the visits (the customer's own only); this module adds what it owns.

import { subMonths } from 'date-fns';
import type { SessionUser } from '../../../shared/account.ts';
import { PAST_VISIT_LIMIT, PAST_VISIT_MONTHS, type PastVisit } from '../../../shared/past-visits.ts';
import { paidAppointmentsOf } from '../appointments/index.ts';
import type { PaymentContext } from './payment-context.ts';
import { isTestPayment } from './payment-provider.ts';
import { listInvoicesOfAppointments, listPaymentsOfAppointments } from './payment-queries.ts';

/**
 * The viewer's own paid visits of the last PAST_VISIT_MONTHS months, newest first, at most PAST_VISIT_LIMIT: never
 * another customer's, whoever asks (an admin's own list is theirs too). Cancelled and deleted visits are left out.
 */
export async function pastVisits(ctx: PaymentContext, viewer: SessionUser, now = new Date()): Promise<PastVisit[]> {
  const rows = await paidAppointmentsOf(ctx.db, viewer.id, subMonths(now, PAST_VISIT_MONTHS), PAST_VISIT_LIMIT);
  const ids = rows.map((row) => row.id);
  const invoices = new Map((await listInvoicesOfAppointments(ctx.db, ids)).map((invoice) => [invoice.appointmentId, invoice]));
  // Oldest first: the last one of a visit is its newest, the payment that stands.
  const payments = new Map((await listPaymentsOfAppointments(ctx.db, ids)).map((payment) => [payment.appointmentId, payment]));
  return rows.map((row) => {
    const payment = payments.get(row.id);
    return {
      id: row.id,
      startsAt: row.startsAt.toISOString(),
      isRemote: row.isRemote,
      description: row.description,
      amountCents: row.amountCents,
      paidAt: (row.paidAt ?? payment?.capturedAt ?? row.startsAt).toISOString(),
      invoiceNumber: invoices.get(row.id)?.number ?? null,
      isTest: payment ? isTestPayment(payment) : false,
    };
  });
}
