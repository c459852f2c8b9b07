import type { EmailOnly } from '../../../../shared/account.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useFormAction } from '../../../lib/form-action.ts';

/** Mails a password-reset link if the address has an account; the answer never says which. */
export function requestPasswordReset(body: EmailOnly): Promise<{ ok: true }> {
  return apiFetch('/api/account/forgot-password', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useFormAction(requestPasswordReset, { meta: { componentName: 'ForgotPassword' } });
}
