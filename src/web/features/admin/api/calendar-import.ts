import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarImportStatus } from '../../../../shared/schedule.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** The owner's own calendar's import (issue 39): its query key, under the back office's. */
export const calendarImportKey = () => [...adminKeys.all, 'calendar-import'] as const;

export function calendarImportQuery() {
  return queryOptions({
    queryKey: calendarImportKey(),
    queryFn: ({ signal }): Promise<CalendarImportStatus> => apiFetch('/api/admin/calendar-import', { signal }),
  });
}

/** How the import of the owner's calendar stands: its host, last fetch, busy times read, error, visits inside. */
export function useCalendarImport() {
  return useQuery(calendarImportQuery());
}

function useCalendarImportMutation<Input>(request: (input: Input) => Promise<CalendarImportStatus | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    meta: { componentName: 'CalendarImport' },
    onSuccess: (status) => {
      if (status) queryClient.setQueryData(calendarImportKey(), status);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: calendarImportKey() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.configChangeLists() });
    },
  });
}

/** Sets or replaces the calendar's address; the server fetches it at once and answers how that went. */
export function useSetCalendarImport() {
  return useCalendarImportMutation((url: string) =>
    apiFetch<CalendarImportStatus>('/api/admin/calendar-import', { method: 'PUT', body: { url } }),
  );
}

/** Fetches the calendar now. */
export function useFetchCalendarImport() {
  return useCalendarImportMutation(() => apiFetch<CalendarImportStatus>('/api/admin/calendar-import/fetch', { method: 'POST' }));
}

/** Stops importing: the address and its busy times go. */
export function useRemoveCalendarImport() {
  return useCalendarImportMutation(async () => {
    await apiFetch<void>('/api/admin/calendar-import', { method: 'DELETE' });
    return undefined;
  });
}
