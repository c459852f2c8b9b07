import { useMutation } from '@tanstack/react-query';
import type { ReminderCallChoice, ReminderCalls } from '../../../../shared/reminder-calls.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { currentSession, setSession } from '../../../lib/session.ts';

/** Yes or no to a reminder call the day before each visit (decision 040). */
export function chooseReminderCalls(body: ReminderCallChoice): Promise<ReminderCalls> {
  return apiFetch('/api/account/reminder-calls', { method: 'PUT', body });
}

/** The choice as a mutation; the section says itself what went wrong. The session holds the saved choice at once. */
export function useChooseReminderCalls() {
  return useMutation({
    mutationFn: chooseReminderCalls,
    meta: { componentName: 'ReminderCalls' },
    onSuccess: (reminderCalls) => setSession({ ...currentSession().me, reminderCalls }),
  });
}
