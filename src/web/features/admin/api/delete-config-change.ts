import { apiFetch } from '../../../lib/api-client.ts';

export function deleteConfigChange(id: string): Promise<void> {
  return apiFetch(`/api/admin/config-changes/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
