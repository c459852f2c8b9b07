import { useMutation } from '@tanstack/react-query';
import type { DeleteAccount } from '../../../../shared/account.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** The address of the customer's data export: a JSON file the browser downloads. */
export const EXPORT_URL = '/api/account/export';

/** Deletes the signed-in customer's account, confirmed by their password; answers how many visits were cancelled. */
export function deleteAccount(body: DeleteAccount): Promise<{ cancelled: number }> {
  return apiFetch('/api/account/delete', { method: 'POST', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, meta: { componentName: 'DeleteAccount' } });
}
