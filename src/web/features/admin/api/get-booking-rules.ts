import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingRules } from '../../../../shared/schedule.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** The minimum notice for booking and the customer's cut-off, in hours. */
export function getBookingRules(signal?: AbortSignal): Promise<BookingRules> {
  return apiFetch('/api/admin/booking-rules', { signal });
}

export const bookingRulesQuery = queryOptions({ queryKey: adminKeys.bookingRules(), queryFn: ({ signal }) => getBookingRules(signal) });

export function useBookingRules() {
  return useQuery(bookingRulesQuery);
}
