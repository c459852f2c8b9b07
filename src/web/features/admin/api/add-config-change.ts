import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigChange, ConfigChangeInput } from '../../../../shared/admin.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function addConfigChange(entry: ConfigChangeInput): Promise<ConfigChange> {
  return apiFetch('/api/admin/config-changes', { method: 'POST', body: entry });
}

export function useAddConfigChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addConfigChange,
    meta: { componentName: 'ChangeLogForm' },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.configChangeLists() });
    },
  });
}
