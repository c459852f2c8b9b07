import type { Login, Me } from '../../../../shared/account.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** Starts a session (the server sets its cookie) and answers who is now signed in. */
export function login(body: Login): Promise<Me> {
  return apiFetch('/api/account/login', { method: 'POST', body });
}
