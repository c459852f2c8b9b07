import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnMyWayAnswer, OnMyWayRequest } from '../../../../shared/on-the-way.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { invalidateChange } from '../../../lib/query-keys.ts';

export type OnMyWayVariables = { appointmentId: string; request: OnMyWayRequest };

/**
 * "On my way" for an in-person visit of today (issue 39): the arrival estimate (minutes from now, or a time typed as
 * HH:MM); the server texts (with consent) and e-mails the customer, copies their trusted contact when agreed, and
 * answers the arrival time and who was told. The same estimate again within a minute is a double tap: not resent.
 */
export function sendOnMyWay({ appointmentId, request }: OnMyWayVariables): Promise<OnMyWayAnswer> {
  return apiFetch(`/api/admin/appointments/${encodeURIComponent(appointmentId)}/on-my-way`, { method: 'POST', body: request });
}

/** "On my way" as a mutation; the lists and the job's history are read again (they show the arrival). */
export function useOnMyWay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendOnMyWay,
    meta: { componentName: 'OnMyWay', identify: (variables) => (variables as OnMyWayVariables).appointmentId },
    onSettled: (_answer, _error, { appointmentId }) => {
      void invalidateChange(queryClient, { kind: 'appointment', appointmentId });
    },
  });
}
