import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerEstimateDecision, Estimate, EstimateDecision } from '../../../../shared/estimates.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { estimateKeys, invalidateChange } from '../../../lib/query-keys.ts';

/** The customer's answer to an estimate: approved by their typed name, or declined with a reason; 409 once decided. */
export function decideEstimate(appointmentId: string, decision: CustomerEstimateDecision): Promise<Estimate> {
  return apiFetch(`/api/estimates/${encodeURIComponent(appointmentId)}/decision`, { method: 'POST', body: decision });
}

/** The answer as a mutation; the page says itself what went wrong (no toast). */
export function useDecideEstimate(appointmentId: string, estimateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The estimate the page shows: a newer one replacing it meanwhile is refused (409), never approved unseen.
    mutationFn: (decision: EstimateDecision) => decideEstimate(appointmentId, { ...decision, estimateId }),
    meta: { componentName: 'Estimate' },
    onSuccess: (estimate) => {
      queryClient.setQueryData(estimateKeys.ofCustomer(appointmentId), estimate);
      void invalidateChange(queryClient, { kind: 'appointment', appointmentId });
    },
    onError: () => {
      // Decided elsewhere meanwhile (by their trusted contact, or a newer estimate): show what holds now.
      void queryClient.invalidateQueries({ queryKey: estimateKeys.ofCustomer(appointmentId) });
    },
  });
}
