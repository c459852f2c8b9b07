import { useMutation } from '@tanstack/react-query';
import type { Login, Me } from '../../../../shared/account.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { setSession } from '../../../lib/session.ts';

/** Starts a session (the server sets its cookie) and answers who is now signed in. */
export function login(body: Login): Promise<Me> {
  return apiFetch('/api/account/login', { method: 'POST', body });
}

/** Logging in as a mutation; the session becomes the server's answer at once. */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { componentName: 'UserLogin' }, onSuccess: setSession });
}
