import { apiFetch } from '../../../lib/api-client.ts';

/** Applies the code of a verification link; answers the address it verified. */
export function verifyEmail(oobCode: string): Promise<{ email: string }> {
  return apiFetch('/api/account/verify-email', { method: 'POST', body: { oobCode } });
}
