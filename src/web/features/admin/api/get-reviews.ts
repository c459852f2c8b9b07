import { useQuery } from '@tanstack/react-query';
import type { AdminReviews } from '../../../../shared/reviews.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** The customers' ratings, newest first, with their count and average. */
export function getReviews(signal?: AbortSignal): Promise<AdminReviews> {
  return apiFetch('/api/admin/reviews', { signal });
}

export function useReviews() {
  return useQuery({ queryKey: adminKeys.reviews(), queryFn: ({ signal }) => getReviews(signal) });
}
