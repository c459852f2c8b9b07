import { useMutation } from '@tanstack/react-query';
import type { OrderCreated } from '../../../../shared/payments.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export type AdminOrder = { appointmentId: string; amount: string };

/** An order an admin takes for a customer's appointment; `amount` is whole dollars, digits only. */
export async function createAdminOrder({ appointmentId, amount }: AdminOrder): Promise<string> {
  const { orderId } = await apiFetch<OrderCreated>('/api/admin/payments/orders', {
    method: 'POST',
    body: { appointmentId, amount },
  });
  return orderId;
}

/** The admin's order as a mutation; the payment screen tells a failure itself. */
export function useCreateAdminOrder() {
  return useMutation({ mutationFn: createAdminOrder, meta: { componentName: 'AdminPayment' } });
}
