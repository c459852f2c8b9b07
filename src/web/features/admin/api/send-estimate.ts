import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Estimate, EstimateRequest } from '../../../../shared/estimates.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { estimateKeys, invalidateChange } from '../../../lib/query-keys.ts';

export type EstimateSending = { appointmentId: string; request: EstimateRequest };

/** Sends the customer an estimate of the job: they are e-mailed (and texted) a link to approve or decline it. */
export function sendEstimate({ appointmentId, request }: EstimateSending): Promise<Estimate> {
  return apiFetch(`/api/admin/appointments/${encodeURIComponent(appointmentId)}/estimate`, { method: 'POST', body: request });
}

/**
 * The owner's estimate as a mutation: the section says what went wrong itself; every failure goes to the error log
 * with the appointment, as the back office's writes do.
 */
export function useSendEstimate(componentName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEstimate,
    meta: { componentName, record: 'every', identify: (sending) => (sending as EstimateSending).appointmentId },
    onSuccess: (estimate, { appointmentId }) => {
      queryClient.setQueryData(estimateKeys.ofOwner(appointmentId), estimate);
      void invalidateChange(queryClient, { kind: 'appointment', appointmentId });
    },
  });
}
