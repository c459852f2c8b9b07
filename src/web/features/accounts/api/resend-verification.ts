import type { EmailOnly } from '../../../../shared/account.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useFormAction } from '../../../lib/form-action.ts';

/** Mails a new verification link if the address has an unverified account; the answer never says which. */
export function resendVerification(body: EmailOnly): Promise<{ ok: true }> {
  return apiFetch('/api/account/resend-verification', { method: 'POST', body });
}

export function useResendVerification() {
  return useFormAction(resendVerification, { meta: { componentName: 'ResendVerification' } });
}
