import type { CaptureOutcome } from '../../../../shared/payments.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** Captures an approved order; the server verifies it and records the payment. 402 when the payer was declined. */
export function captureOrder(orderId: string): Promise<CaptureOutcome> {
  return apiFetch(`/api/payments/orders/${encodeURIComponent(orderId)}/capture`, { method: 'POST' });
}
