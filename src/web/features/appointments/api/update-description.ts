import type { CustomerAppointment } from '../../../../shared/appointments.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** Saves the problem description of one of the customer's appointments (1 to 2000 characters). */
export function updateDescription(appointmentId: string, description: string): Promise<CustomerAppointment> {
  return apiFetch(`/api/appointments/${encodeURIComponent(appointmentId)}/description`, { method: 'PUT', body: { description } });
}
