import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPOINTMENT_TEXTS, type BookAppointment, type CustomerAppointment } from '../../../../shared/appointments.ts';
import { ApiRequestError, apiFetch } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { translate } from '../../../lib/i18n.ts';
import { appointmentKeys, invalidateChange } from '../../../lib/query-keys.ts';
import './error-templates.ts';

/** Books a slot; the server answers 409 SLOT_TAKEN, TOO_MANY_OPEN or PROFILE_REQUIRED, or 400 SLOT_CLOSED. */
export function bookAppointment(body: BookAppointment): Promise<CustomerAppointment> {
  return apiFetch('/api/appointments', { method: 'POST', body });
}

/** The server's refusals that explain themselves (slot taken, too many open, profile missing, slot closed). */
export function isExplainedRefusal(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && (error.status === 400 || error.status === 409 || error.status === 429);
}

/** What a failed booking says, in the error toast and in the panel, in the active language: the server's reason, or the spec's text. */
export function bookingFailureText(error: unknown): string {
  return (isExplainedRefusal(error) ? errorText(error) : undefined) ?? translate(APPOINTMENT_TEXTS.notSet);
}

/**
 * Booking as a mutation. Its failure is shown in the error toast (and by the panel in its own alert). The calendar
 * is read again either way: a refusal may mean the slot was taken meanwhile.
 */
export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookAppointment,
    meta: { componentName: 'Booking', notice: 'toast', failureText: bookingFailureText },
    onSuccess: (created) => {
      void invalidateChange(queryClient, { kind: 'appointment', appointmentId: created.id });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    },
  });
}
