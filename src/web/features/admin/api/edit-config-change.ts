import type { ConfigChange, ConfigChangeInput } from '../../../../shared/admin.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export function editConfigChange(id: string, entry: ConfigChangeInput): Promise<ConfigChange> {
  return apiFetch(`/api/admin/config-changes/${encodeURIComponent(id)}`, { method: 'PUT', body: entry });
}
