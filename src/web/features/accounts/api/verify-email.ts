import { apiFetch } from '../../../lib/api-client.ts';
import { useFormAction } from '../../../lib/form-action.ts';
import { refreshSession } from '../../../lib/session.ts';

/** Applies the code of a verification link; answers the address it verified. */
export function verifyEmail(oobCode: string): Promise<{ email: string }> {
  return apiFetch('/api/account/verify-email', { method: 'POST', body: { oobCode } });
}

/** Verifying (a signed-out screen's write, decision 019); a signed-in user's badge and menu change with it, so the session is read again. */
export function useVerifyEmail() {
  return useFormAction(verifyEmail, {
    meta: { componentName: 'VerifyEmail' },
    onSuccess: () => {
      refreshSession().catch(() => {});
    },
  });
}
