// The job's side before a change: while an order of the job is being captured (or held PENDING) the job may not
// change; otherwise its open orders, made for the job as it was, are voided.

import type { Executor } from '../../db/client.ts';
import { inFlightRefusal } from './payment-context.ts';
import { findOrderInFlight, voidOpenOrders } from './payment-queries.ts';

/** The checks a job must pass before changes that would misstate an order: used by appointments and the back office. */
export interface JobPaymentGuard {
  /**
   * Call inside the transaction that holds the appointment's row lock, before changing the amount, un-completing,
   * cancelling or deleting the job: refuses while a capture is under way, and voids every order still open.
   */
  beforeJobChange(tx: Executor, appointmentId: string, reason: string): Promise<void>;
}

export async function beforeJobChange(tx: Executor, appointmentId: string, reason: string): Promise<void> {
  const inFlight = await findOrderInFlight(tx, appointmentId);
  if (inFlight) throw inFlightRefusal(inFlight, 'change-job');
  await voidOpenOrders(tx, appointmentId, reason);
}
