import type { ConfigChange, ConfigChangeInput } from '../../../../shared/admin.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export function addConfigChange(entry: ConfigChangeInput): Promise<ConfigChange> {
  return apiFetch('/api/admin/config-changes', { method: 'POST', body: entry });
}
