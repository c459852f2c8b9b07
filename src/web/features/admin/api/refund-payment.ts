import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundOutcome } from '../../../../shared/payments.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

/**
 * Refunds a payment in whole; the job goes back to completed and unpaid. Asking again for a payment already
 * refunded answers the same refund, so a retry after a lost answer is harmless.
 */
export function refundPayment(paymentId: string): Promise<RefundOutcome> {
  return apiFetch(`/api/admin/payments/${encodeURIComponent(paymentId)}/refund`, { method: 'POST' });
}

/**
 * The refund as a mutation. Every back-office list is refetched whether it succeeded or not (a refusal may mean
 * someone else refunded it), and the mutation stays pending until they are, so the row never offers a refund
 * that is already done.
 */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
