import type { BookAppointment, CustomerAppointment } from '../../../../shared/appointments.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** Books a slot; the server answers 409 SLOT_TAKEN, TOO_MANY_OPEN or PROFILE_REQUIRED, or 400 SLOT_CLOSED. */
export function bookAppointment(body: BookAppointment): Promise<CustomerAppointment> {
  return apiFetch('/api/appointments', { method: 'POST', body });
}
