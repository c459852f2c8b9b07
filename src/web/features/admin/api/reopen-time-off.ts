import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function reopenTimeOff(id: string): Promise<void> {
  return apiFetch(`/api/admin/time-off/${encodeURIComponent(id)}/reopen`, { method: 'POST' });
}

/** Reopens time off (the server keeps its trail); the list is read again whether it succeeded or not. */
export function useReopenTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenTimeOff,
    meta: { componentName: 'TimeOff' },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.timeOff() });
    },
  });
}
