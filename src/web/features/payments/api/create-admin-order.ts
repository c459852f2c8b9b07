import type { OrderCreated } from '../../../../shared/payments.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** An order an admin takes for a customer's appointment; `amount` is whole dollars, digits only. */
export async function createAdminOrder(appointmentId: string, amount: string): Promise<string> {
  const { orderId } = await apiFetch<OrderCreated>('/api/admin/payments/orders', {
    method: 'POST',
    body: { appointmentId, amount },
  });
  return orderId;
}
