import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Estimate } from '../../../../shared/estimates.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { estimateKeys } from '../../../lib/query-keys.ts';

/** A job's latest estimate for the owner, or null when none was sent. */
export async function getEstimate(appointmentId: string, signal?: AbortSignal): Promise<Estimate | null> {
  const { estimate } = await apiFetch<{ estimate: Estimate | null }>(
    `/api/admin/appointments/${encodeURIComponent(appointmentId)}/estimate`,
    { signal },
  );
  return estimate;
}

export function estimateQuery(appointmentId: string) {
  return queryOptions({
    queryKey: estimateKeys.ofOwner(appointmentId),
    queryFn: ({ signal }) => getEstimate(appointmentId, signal),
  });
}

export function useEstimate(appointmentId: string) {
  return useQuery(estimateQuery(appointmentId));
}
