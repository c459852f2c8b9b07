import { useMutation } from '@tanstack/react-query';
import type { ChangeEmail } from '../../../../shared/account.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** Changes the address now (unverified until its link is clicked); the server ends every session. */
export function changeEmail(body: ChangeEmail): Promise<{ ok: true }> {
  return apiFetch('/api/account/change-email', { method: 'POST', body });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail, meta: { componentName: 'EmailChange' } });
}
