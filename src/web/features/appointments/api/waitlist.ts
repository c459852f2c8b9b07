import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerAppointment } from '../../../../shared/appointments.ts';
import { type BookOffer, WAITLIST_ERROR_TEMPLATES, type WaitlistEntries, type WaitlistEntry } from '../../../../shared/waitlist.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { registerErrorTemplates } from '../../../lib/error-text.ts';
import { appointmentKeys, invalidateChange } from '../../../lib/query-keys.ts';
import './error-templates.ts';

// The waitlist's refusals with values (the most days at a time).
registerErrorTemplates(WAITLIST_ERROR_TEMPLATES);

/**
 * The customer's waitlist (issue 39): under the appointments' keys, so that every change of a visit (and the live
 * update of an offer made to them) reads it again.
 */
export const waitlistKeys = {
  mine: () => [...appointmentKeys.all, 'waitlist'] as const,
  offer: (id: string) => [...appointmentKeys.all, 'waitlist', 'offer', id] as const,
};

export function useMyWaitlist() {
  return useQuery(
    queryOptions({ queryKey: waitlistKeys.mine(), queryFn: ({ signal }) => apiFetch<WaitlistEntries>('/api/waitlist', { signal }) }),
  );
}

/** Joins a full day's waiting list; refused with DAY_NOT_FULL, TOO_MANY_DAYS or ALREADY_WAITING. */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => apiFetch<WaitlistEntry>('/api/waitlist', { method: 'POST', body: { date } }),
    meta: { componentName: 'Waitlist' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.mine() }),
  });
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/waitlist/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    meta: { componentName: 'Waitlist' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}

/** One of the customer's own entries, for the offer's page. */
export function useWaitlistOffer(id: string) {
  return useQuery(
    queryOptions({
      queryKey: waitlistKeys.offer(id),
      queryFn: ({ signal }) => apiFetch<WaitlistEntry>(`/api/waitlist/${encodeURIComponent(id)}/offer`, { signal }),
      retry: false,
    }),
  );
}

/** Books the slot held for the customer. */
export function useBookOffer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookOffer) =>
      apiFetch<CustomerAppointment>(`/api/waitlist/${encodeURIComponent(id)}/book`, { method: 'POST', body }),
    meta: { componentName: 'Waitlist' },
    onSuccess: (created) => invalidateChange(queryClient, { kind: 'appointment', appointmentId: created.id }),
    onError: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}
