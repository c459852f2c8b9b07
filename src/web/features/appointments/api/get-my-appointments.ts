import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerAppointment } from '../../../../shared/appointments.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { appointmentKeys } from '../../../lib/query-keys.ts';

/** The signed-in customer's open appointments, sorted by time by the server. */
export function getMyAppointments(signal?: AbortSignal): Promise<CustomerAppointment[]> {
  return apiFetch('/api/appointments', { signal });
}

export function myAppointmentsQuery() {
  return queryOptions({ queryKey: appointmentKeys.mine(), queryFn: ({ signal }) => getMyAppointments(signal) });
}

export function useMyAppointments() {
  return useQuery(myAppointmentsQuery());
}
