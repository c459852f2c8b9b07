import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayLinkResent } from '../../../../shared/past-visits.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { invalidateChange } from '../../../lib/query-keys.ts';

/**
 * "Resend pay link" (issue 40): the server e-mails the job's pay link again (and texts it to a customer who takes
 * texts), by the reminders' rules, at most once in 10 minutes, and writes it in the job's history.
 */
export function resendPayLink(appointmentId: string): Promise<PayLinkResent> {
  return apiFetch(`/api/admin/appointments/${encodeURIComponent(appointmentId)}/pay-link`, { method: 'POST' });
}

/** Resending as a mutation; the job's history is read again (it lists the link sent). */
export function useResendPayLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendPayLink,
    meta: { componentName: 'CompletedAppointments', identify: (appointmentId) => String(appointmentId) },
    onSettled: (_answer, _error, appointmentId) => {
      void invalidateChange(queryClient, { kind: 'appointment', appointmentId });
    },
  });
}
