import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { invalidateChange } from '../../../lib/query-keys.ts';

/** Texts the customer of an in-person visit today that the owner is on the way; refused when they have no texts. */
export function sendOnMyWay(appointmentId: string): Promise<{ texted: true }> {
  return apiFetch(`/api/admin/appointments/${encodeURIComponent(appointmentId)}/on-my-way`, { method: 'POST' });
}

/** "On my way" as a mutation (the appointment's id); the job's history is read again (it records the text). */
export function useOnMyWay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendOnMyWay,
    meta: { componentName: 'WeekendAgenda', identify: (appointmentId) => appointmentId as string },
    onSettled: (_answer, _error, appointmentId) => {
      void invalidateChange(queryClient, { kind: 'appointment', appointmentId });
    },
  });
}
