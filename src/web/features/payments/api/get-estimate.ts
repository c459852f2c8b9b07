import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Estimate } from '../../../../shared/estimates.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { estimateKeys } from '../../../lib/query-keys.ts';

/** The customer's estimate of a job (the latest, not replaced); 404 when there is none or the job is someone else's. */
export function getEstimate(appointmentId: string, signal?: AbortSignal): Promise<Estimate> {
  return apiFetch(`/api/estimates/${encodeURIComponent(appointmentId)}`, { signal });
}

export function estimateQuery(appointmentId: string) {
  return queryOptions({
    queryKey: estimateKeys.ofCustomer(appointmentId),
    queryFn: ({ signal }) => getEstimate(appointmentId, signal),
    // A refusal is an answer, not a hiccup: asking again would only repeat it.
    retry: false,
  });
}

export function useEstimate(appointmentId: string) {
  return useQuery({ ...estimateQuery(appointmentId), enabled: appointmentId !== '' });
}
