import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PastVisit } from '../../../../shared/past-visits.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { appointmentKeys } from '../../../lib/query-keys.ts';

/** The signed-in customer's paid visits of the last two years, newest first, with their invoices' numbers. */
export function getPastVisits(signal?: AbortSignal): Promise<PastVisit[]> {
  return apiFetch('/api/past-visits', { signal });
}

export function pastVisitsQuery() {
  return queryOptions({ queryKey: appointmentKeys.past(), queryFn: ({ signal }) => getPastVisits(signal) });
}

export function usePastVisits() {
  return useQuery(pastVisitsQuery());
}
