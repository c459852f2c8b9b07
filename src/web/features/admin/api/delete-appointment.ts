import { apiFetch } from '../../../lib/api-client.ts';

/** Removes an appointment from the lists (the server keeps it, marked, for the record). */
export function deleteAppointment(appointmentId: string): Promise<void> {
  return apiFetch(`/api/admin/appointments/${encodeURIComponent(appointmentId)}`, { method: 'DELETE' });
}
