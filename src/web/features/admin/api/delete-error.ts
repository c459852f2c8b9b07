import { apiFetch } from '../../../lib/api-client.ts';

export function deleteError(errorId: string): Promise<void> {
  return apiFetch(`/api/admin/errors/${encodeURIComponent(errorId)}`, { method: 'DELETE' });
}
