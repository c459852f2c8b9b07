import type { Me } from '../../../../shared/account.ts';
import type { LoginForm } from '../../../../shared/account-forms.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useFormAction } from '../../../lib/form-action.ts';
import { setSession } from '../../../lib/session.ts';

/** Starts a session (the server sets its cookie) and answers who is now signed in. */
export function login(body: LoginForm): Promise<Me> {
  return apiFetch('/api/account/login', { method: 'POST', body });
}

/** Logging in (a signed-out form's write, decision 019); the session becomes the server's answer at once. */
export function useLogin() {
  return useFormAction(login, { meta: { componentName: 'UserLogin' }, onSuccess: setSession });
}
