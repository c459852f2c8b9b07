import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAppointment } from '../../../../shared/admin.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** Completed appointments that are not paid yet, by time. */
export function getCompletedAppointments(signal?: AbortSignal): Promise<AdminAppointment[]> {
  return apiFetch('/api/admin/completed', { signal });
}

export function completedAppointmentsQuery() {
  return queryOptions({ queryKey: adminKeys.completed(), queryFn: ({ signal }) => getCompletedAppointments(signal) });
}

export function useCompletedAppointments() {
  return useQuery(completedAppointmentsQuery());
}
