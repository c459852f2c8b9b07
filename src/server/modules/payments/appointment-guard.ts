// The job's side: what payments does when the job's life cycle (appointments/appointment-lifecycle.ts) changes a job. Before
// a change that would misstate an order, none while an order is being captured (or held PENDING), and the open
// orders, made for the job as it was, voided; after it, the pay link, the invoice and the receipt.

import type { Executor } from '../../db/client.ts';
import type { AppointmentListener } from '../appointments/index.ts';
import { sendReceipt } from './mark-paid.ts';
import { afterAppointmentChange } from './pay-links.ts';
import { inFlightRefusal, type PaymentContext } from './payment-context.ts';
import { findOrderInFlight, findPayment, voidOpenOrders } from './payment-queries.ts';

export async function beforeAppointmentChange(tx: Executor, appointmentId: string, reason: string): Promise<void> {
  const inFlight = await findOrderInFlight(tx, appointmentId);
  if (inFlight) throw inFlightRefusal(inFlight, 'change-job');
  await voidOpenOrders(tx, appointmentId, reason);
}

export function paymentsAppointmentListener(ctx: PaymentContext): AppointmentListener {
  return {
    beforeChange: (tx, appointment, reason) => beforeAppointmentChange(tx, appointment.id, reason),
    afterChange: async (tx, change) => {
      // A refund gives the money back: the customer is not chased for it, so no pay link or reminder starts again.
      if (change.kinds.has('refunded')) return false;
      let mailed = await afterAppointmentChange(ctx, tx, change.before, change.after);
      if (change.paid) {
        const payment = await findPayment(tx, change.paid.paymentId);
        if (payment) {
          await sendReceipt(ctx, tx, change.after, payment);
          mailed = true;
        }
      }
      return mailed;
    },
  };
}
