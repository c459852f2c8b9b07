import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { invalidateChange } from '../../../lib/query-keys.ts';

/** Removes an appointment from the lists (the server keeps it, marked, for the record). */
export function deleteAppointment(appointmentId: string): Promise<void> {
  return apiFetch(`/api/admin/appointments/${encodeURIComponent(appointmentId)}`, { method: 'DELETE' });
}

/**
 * Deleting as a mutation (the appointment's id). The lists are read again whether it succeeded or not (a refusal
 * may mean someone else changed it); every failure goes to the error log with the appointment.
 */
export function useDeleteAppointment(componentName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppointment,
    meta: { componentName, record: 'every', identify: (appointmentId) => appointmentId as string },
    onSettled: (_nothing, _error, appointmentId) => {
      void invalidateChange(queryClient, { kind: 'appointment', appointmentId });
    },
  });
}
