import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimeOff } from '../../../../shared/schedule.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** The time off that has not ended, each with the open bookings inside it. */
export function getTimeOff(signal?: AbortSignal): Promise<TimeOff[]> {
  return apiFetch('/api/admin/time-off', { signal });
}

export const timeOffQuery = queryOptions({ queryKey: adminKeys.timeOff(), queryFn: ({ signal }) => getTimeOff(signal) });

export function useTimeOff() {
  return useQuery(timeOffQuery);
}
