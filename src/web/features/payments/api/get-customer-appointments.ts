import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerAppointment } from '../../../../shared/appointments.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { paymentKeys } from '../../../lib/query-keys.ts';

/** A customer's unpaid appointments, for an admin taking a payment (an unknown address answers an empty list). */
export function getCustomerAppointments(email: string, signal?: AbortSignal): Promise<CustomerAppointment[]> {
  return apiFetch(`/api/admin/customers/appointments?email=${encodeURIComponent(email)}`, { signal });
}

function byDate(appointments: CustomerAppointment[]): CustomerAppointment[] {
  return [...appointments].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

export function customerAppointmentsQuery(email: string) {
  return queryOptions({
    queryKey: paymentKeys.customerAppointments(email),
    queryFn: async ({ signal }) => byDate(await getCustomerAppointments(email, signal)),
  });
}

export function useCustomerAppointments(email: string | undefined) {
  return useQuery({ ...customerAppointmentsQuery(email ?? ''), enabled: Boolean(email) });
}
