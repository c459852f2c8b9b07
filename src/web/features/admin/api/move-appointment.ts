import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RescheduleAppointment } from '../../../../shared/appointments.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { invalidateChange } from '../../../lib/query-keys.ts';

export type MoveRequest = RescheduleAppointment & { appointmentId: string };

/** The owner moves a customer's visit to another open slot (the customer is e-mailed the updated invite). */
export function moveAppointment({ appointmentId, date, slot }: MoveRequest): Promise<void> {
  return apiFetch(`/api/admin/appointments/${encodeURIComponent(appointmentId)}/reschedule`, { method: 'POST', body: { date, slot } });
}

/** Moving as a mutation; the form shows a refusal itself. The lists (and the time-off list) are read again either way. */
export function useMoveAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveAppointment,
    meta: { componentName: 'TimeOff' },
    onSettled: (_nothing, _error, { appointmentId }) => invalidateChange(queryClient, { kind: 'appointment', appointmentId }),
  });
}
