import type { AdminAppointmentUpdate, UpdateOutcome } from '../../../../shared/admin.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** Saves an admin's edit; ticking paid records a payment taken by hand (cash, check or card). */
export function updateAppointment(appointmentId: string, update: AdminAppointmentUpdate): Promise<UpdateOutcome> {
  return apiFetch(`/api/admin/appointments/${encodeURIComponent(appointmentId)}`, { method: 'PATCH', body: update });
}
