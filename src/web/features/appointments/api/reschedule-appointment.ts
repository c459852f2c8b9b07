import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerAppointment, RescheduleAppointment } from '../../../../shared/appointments.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { appointmentKeys, invalidateChange } from '../../../lib/query-keys.ts';
import './error-templates.ts';

export type RescheduleRequest = RescheduleAppointment & { appointmentId: string };

/**
 * Moves one of the customer's visits to another free slot. Refusals: 409 SLOT_TAKEN, SLOT_CLOSED, TOO_SOON,
 * SAME_SLOT, NOT_ALLOWED (completed, paid or past the cut-off), 400 SLOT_CLOSED (outside the window), 404.
 */
export function rescheduleAppointment({ appointmentId, date, slot }: RescheduleRequest): Promise<CustomerAppointment> {
  return apiFetch(`/api/appointments/${encodeURIComponent(appointmentId)}/reschedule`, { method: 'POST', body: { date, slot } });
}

/** Rescheduling as a mutation; the dialog shows a refusal itself. The calendar and the list are read again either way. */
export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleAppointment,
    meta: { componentName: 'Reschedule' },
    onSuccess: (_moved, { appointmentId }) => invalidateChange(queryClient, { kind: 'appointment', appointmentId }),
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    },
  });
}
