import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function deleteError(errorId: string): Promise<void> {
  return apiFetch(`/api/admin/errors/${encodeURIComponent(errorId)}`, { method: 'DELETE' });
}

/** Deleting an error-log entry as a mutation; the log is read again either way, and a failure is logged with the entry. */
export function useDeleteError() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteError,
    meta: { componentName: 'ErrorLog', record: 'every', identify: (errorId) => errorId as string },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.errorPages() });
    },
  });
}
