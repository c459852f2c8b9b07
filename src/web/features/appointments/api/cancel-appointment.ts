import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { appointmentKeys, invalidateChange } from '../../../lib/query-keys.ts';
import './error-templates.ts';

/** Cancels one of the customer's appointments; a completed job answers 409 NOT_ALLOWED. */
export function cancelAppointment(appointmentId: string): Promise<void> {
  return apiFetch(`/api/appointments/${encodeURIComponent(appointmentId)}/cancel`, { method: 'POST' });
}

/**
 * Cancelling as a mutation (the appointment's id). It stays pending until the list is read again, so the row is
 * gone when the screen says it was cancelled; a refusal reads the list again too (it may have changed).
 */
export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    meta: { componentName: 'Appointments' },
    onSuccess: (_nothing, appointmentId) => invalidateChange(queryClient, { kind: 'appointment', appointmentId }),
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    },
  });
}
