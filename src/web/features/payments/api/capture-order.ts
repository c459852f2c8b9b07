import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaptureOutcome } from '../../../../shared/payments.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { invalidateChange } from '../../../lib/query-keys.ts';

/** Captures an approved order; the server verifies it and records the payment. 402 when the payer was declined. */
export function captureOrder(orderId: string): Promise<CaptureOutcome> {
  return apiFetch(`/api/payments/orders/${encodeURIComponent(orderId)}/capture`, { method: 'POST' });
}

/**
 * The customer's capture as a mutation (the order's id). Once paid, what the payment changed is read again (the
 * checkout itself is not: the screen stops reading it once paid, and it would only answer "already paid").
 */
export function useCaptureOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: captureOrder,
    meta: { componentName: 'MakePayment' },
    onSuccess: (outcome) => {
      void invalidateChange(queryClient, { kind: 'appointment', appointmentId: outcome.appointmentId });
    },
  });
}
