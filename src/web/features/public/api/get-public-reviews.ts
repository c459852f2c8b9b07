import type { PublicReviews } from '../../../../shared/reviews.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * What visitors see of the ratings (decision 041): read by `/` and `/services` once they have shown, without React
 * Query, which the first load of `/` does not carry (decision 019).
 */
export function getPublicReviews(signal?: AbortSignal): Promise<PublicReviews> {
  return apiFetch('/api/reviews/public', { signal });
}
