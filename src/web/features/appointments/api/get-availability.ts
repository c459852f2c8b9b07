import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Availability } from '../../../../shared/appointments.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { appointmentKeys } from '../../../lib/query-keys.ts';

/** The taken start times of a month (YYYY-MM) and the booking window; nothing about who booked them. */
export function getAvailability(month: string, signal?: AbortSignal): Promise<Availability> {
  return apiFetch(`/api/appointments/availability?month=${encodeURIComponent(month)}`, { signal });
}

export function availabilityQuery(month: string) {
  return queryOptions({
    queryKey: appointmentKeys.availability(month),
    queryFn: ({ signal }) => getAvailability(month, signal),
    // While the next month loads, the calendar keeps the last answer (and shows it is busy).
    placeholderData: keepPreviousData,
  });
}

export function useAvailability(month: string) {
  return useQuery(availabilityQuery(month));
}
