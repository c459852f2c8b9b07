import { apiFetch } from '../../../lib/api-client.ts';

/** Undoes an e-mail change with the code mailed to the old address; the server ends all sessions. */
export function recoverEmail(oobCode: string): Promise<{ email: string }> {
  return apiFetch('/api/account/recover-email', { method: 'POST', body: { oobCode } });
}
