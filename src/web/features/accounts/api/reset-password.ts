import type { ResetPasswordForm } from '../../../../shared/account-forms.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useFormAction } from '../../../lib/form-action.ts';

/** Sets a new password with the code of a reset link; the server ends all of the user's sessions. */
export function resetPassword(body: ResetPasswordForm): Promise<{ ok: true }> {
  return apiFetch('/api/account/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useFormAction(resetPassword, { meta: { componentName: 'ResetPassword' } });
}
