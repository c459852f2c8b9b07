import { useQuery } from '@tanstack/react-query';
import type { AdminWaitlist } from '../../../../shared/waitlist.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** Every day's waiting list from today on (issue 39), in the order the customers joined. */
export function useWaitlist() {
  return useQuery({
    // Under the back office's keys: every change of a visit (a cancellation offers a slot) reads it again.
    queryKey: [...adminKeys.all, 'waitlist'],
    queryFn: ({ signal }) => apiFetch<AdminWaitlist>('/api/admin/waitlist', { signal }),
  });
}
