import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerAppointment } from '../../../../shared/appointments.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { invalidateChange } from '../../../lib/query-keys.ts';

export type DescriptionUpdate = { appointmentId: string; description: string };

/** Saves the problem description of one of the customer's appointments (1 to 2000 characters). */
export function updateDescription({ appointmentId, description }: DescriptionUpdate): Promise<CustomerAppointment> {
  return apiFetch(`/api/appointments/${encodeURIComponent(appointmentId)}/description`, { method: 'PUT', body: { description } });
}

/** Saving a description as a mutation; the dialog shows a failure itself. */
export function useUpdateDescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDescription,
    meta: { componentName: 'Description' },
    onSuccess: (_saved, { appointmentId }) => {
      void invalidateChange(queryClient, { kind: 'appointment', appointmentId });
    },
  });
}
