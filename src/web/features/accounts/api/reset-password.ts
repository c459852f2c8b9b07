import { useMutation } from '@tanstack/react-query';
import type { ResetPassword } from '../../../../shared/account.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** Sets a new password with the code of a reset link; the server ends all of the user's sessions. */
export function resetPassword(body: ResetPassword): Promise<{ ok: true }> {
  return apiFetch('/api/account/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { componentName: 'ResetPassword' } });
}
