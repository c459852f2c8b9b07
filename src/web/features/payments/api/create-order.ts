import { useMutation } from '@tanstack/react-query';
import type { OrderCreated } from '../../../../shared/payments.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** Creates the provider's order for the amount the server holds for this appointment; answers its id. */
export async function createOrder(appointmentId: string): Promise<string> {
  const { orderId } = await apiFetch<OrderCreated>('/api/payments/orders', { method: 'POST', body: { appointmentId } });
  return orderId;
}

/** The customer's order as a mutation (the appointment's id); the checkout tells a failure itself. */
export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder, meta: { componentName: 'MakePayment' } });
}
