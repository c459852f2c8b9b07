import type { ConfigChangeInput } from '../../../../shared/admin.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import type { ConfigChange } from './config-changes.ts';

export function addConfigChange(entry: ConfigChangeInput): Promise<ConfigChange> {
  return apiFetch('/api/admin/config-changes', { method: 'POST', body: entry });
}
