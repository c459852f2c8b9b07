import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** Mails a reset link to the signed-in user's own address and signs them out. */
export function sendPasswordResetEmail(): Promise<{ ok: true }> {
  return apiFetch('/api/account/password-reset-email', { method: 'POST' });
}

export function useSendPasswordResetEmail() {
  return useMutation({ mutationFn: sendPasswordResetEmail, meta: { componentName: 'Account' } });
}
