import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundOutcome } from '../../../../shared/payments.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys, invalidateChange } from '../../../lib/query-keys.ts';

/**
 * Refunds a payment in whole; the job goes back to completed and unpaid. Asking again for a payment already
 * refunded answers the same refund, so a retry after a lost answer is harmless.
 */
export function refundPayment(paymentId: string): Promise<RefundOutcome> {
  return apiFetch(`/api/admin/payments/${encodeURIComponent(paymentId)}/refund`, { method: 'POST' });
}

/**
 * The refund as a mutation. What the refund changed is refetched (and every back-office list after a refusal: it
 * may mean someone else refunded it), and the mutation stays pending until it is, so the row never offers a
 * refund that is already done. The server records its own refusals and failures.
 */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    meta: { componentName: 'PaidAppointments' },
    onSettled: (outcome) =>
      outcome
        ? invalidateChange(queryClient, { kind: 'appointment', appointmentId: outcome.appointmentId })
        : queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
