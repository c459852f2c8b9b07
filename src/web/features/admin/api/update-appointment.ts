import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAppointmentUpdate, UpdateOutcome } from '../../../../shared/admin.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { invalidateChange } from '../../../lib/query-keys.ts';

export type AppointmentEdit = { appointmentId: string; update: AdminAppointmentUpdate };

/** Saves an admin's edit; ticking paid records a payment taken by hand (cash, check or card). */
export function updateAppointment({ appointmentId, update }: AppointmentEdit): Promise<UpdateOutcome> {
  return apiFetch(`/api/admin/appointments/${encodeURIComponent(appointmentId)}`, { method: 'PATCH', body: update });
}

/**
 * An admin's edit as a mutation. Every failure, refusals included, goes to the error log with the appointment
 * (the back office's texts promise it); `componentName` names the screen.
 */
export function useUpdateAppointment(componentName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppointment,
    meta: { componentName, record: 'every', identify: (edit) => (edit as AppointmentEdit).appointmentId },
    onSuccess: (_outcome, { appointmentId }) => {
      void invalidateChange(queryClient, { kind: 'appointment', appointmentId });
    },
  });
}
