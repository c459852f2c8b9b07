import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloseTimeInput, TimeOff } from '../../../../shared/schedule.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function closeTime(input: CloseTimeInput): Promise<TimeOff> {
  return apiFetch('/api/admin/time-off', { method: 'POST', body: input });
}

/** Closes a day, a range of days or a slot; the list of time off is read again. */
export function useCloseTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeTime,
    meta: { componentName: 'TimeOff' },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.timeOff() });
    },
  });
}
