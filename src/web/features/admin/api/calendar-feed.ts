import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedAddress, CalendarFeedStatus } from '../../../../shared/schedule.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeedStatus> {
  return apiFetch('/api/admin/calendar-feed', { signal });
}

export function calendarFeedQuery() {
  return queryOptions({ queryKey: adminKeys.calendarFeed(), queryFn: ({ signal }) => getCalendarFeed(signal) });
}

/** Whether the owner's calendar feed is on, and since when (its address is never told again). */
export function useCalendarFeed() {
  return useQuery(calendarFeedQuery());
}

/** Makes a new feed address (the old one stops working); the answer is the only time the address is shown. */
export function useReplaceCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<CalendarFeedAddress> => apiFetch('/api/admin/calendar-feed', { method: 'POST' }),
    meta: { componentName: 'CalendarFeed' },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.calendarFeed() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.configChangeLists() });
    },
  });
}

/** Turns the feed off: its address stops working. */
export function useRemoveCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<void> => apiFetch('/api/admin/calendar-feed', { method: 'DELETE' }),
    meta: { componentName: 'CalendarFeed' },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.calendarFeed() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.configChangeLists() });
    },
  });
}
