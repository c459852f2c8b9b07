import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigChange, ConfigChangeInput } from '../../../../shared/admin.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export type ConfigChangeEdit = { id: string; entry: ConfigChangeInput };

export function editConfigChange({ id, entry }: ConfigChangeEdit): Promise<ConfigChange> {
  return apiFetch(`/api/admin/config-changes/${encodeURIComponent(id)}`, { method: 'PUT', body: entry });
}

/** Editing an entry as a mutation; it stays pending until the list is read again, so the dialog closes on the new text. */
export function useEditConfigChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editConfigChange,
    meta: { componentName: 'ConfigChangeLog' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.configChangeLists() }),
  });
}
