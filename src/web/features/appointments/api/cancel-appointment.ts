import { apiFetch } from '../../../lib/api-client.ts';

/** Cancels one of the customer's appointments; a completed job answers 409 NOT_ALLOWED. */
export function cancelAppointment(appointmentId: string): Promise<void> {
  return apiFetch(`/api/appointments/${encodeURIComponent(appointmentId)}/cancel`, { method: 'POST' });
}
