import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAppointment } from '../../../../shared/admin.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** Every open (unpaid) appointment with its customer, by time; completed ones included. */
export function getOpenAppointments(signal?: AbortSignal): Promise<AdminAppointment[]> {
  return apiFetch('/api/admin/appointments', { signal });
}

export function openAppointmentsQuery() {
  return queryOptions({ queryKey: adminKeys.open(), queryFn: ({ signal }) => getOpenAppointments(signal) });
}

export function useOpenAppointments() {
  return useQuery(openAppointmentsQuery());
}
