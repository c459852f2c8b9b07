import { apiFetch } from '../../../lib/api-client.ts';
import { useFormAction } from '../../../lib/form-action.ts';
import { refreshSession } from '../../../lib/session.ts';

/** Undoes an e-mail change with the code mailed to the old address; the server ends all sessions. */
export function recoverEmail(oobCode: string): Promise<{ email: string }> {
  return apiFetch('/api/account/recover-email', { method: 'POST', body: { oobCode } });
}

/** Undoing an e-mail change (a signed-out screen's write, decision 019); every session has ended, so the session is read again. */
export function useRecoverEmail() {
  return useFormAction(recoverEmail, {
    meta: { componentName: 'RecoverEmail' },
    onSuccess: () => {
      refreshSession().catch(() => {});
    },
  });
}
