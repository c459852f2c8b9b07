import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaptureOutcome } from '../../../../shared/payments.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { invalidateChange } from '../../../lib/query-keys.ts';

export function captureAdminOrder(orderId: string): Promise<CaptureOutcome> {
  return apiFetch(`/api/admin/payments/orders/${encodeURIComponent(orderId)}/capture`, { method: 'POST' });
}

/** The admin's capture as a mutation (the order's id); once paid, the customer's unpaid appointments are read again. */
export function useCaptureAdminOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: captureAdminOrder,
    meta: { componentName: 'AdminPayment' },
    onSuccess: (outcome) => {
      void invalidateChange(queryClient, { kind: 'appointment', appointmentId: outcome.appointmentId });
    },
  });
}
