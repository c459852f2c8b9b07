import type { CaptureOutcome } from '../../../../shared/payments.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export function captureAdminOrder(orderId: string): Promise<CaptureOutcome> {
  return apiFetch(`/api/admin/payments/orders/${encodeURIComponent(orderId)}/capture`, { method: 'POST' });
}
