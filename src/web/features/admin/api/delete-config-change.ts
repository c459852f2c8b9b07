import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function deleteConfigChange(id: string): Promise<void> {
  return apiFetch(`/api/admin/config-changes/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Deleting an entry as a mutation; the list is read again whether it succeeded or not (departure 7 of the design). */
export function useDeleteConfigChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConfigChange,
    meta: { componentName: 'ConfigChangeLog' },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.configChangeLists() });
    },
  });
}
