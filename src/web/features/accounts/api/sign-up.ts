import type { SignUp } from '../../../../shared/account.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { useFormAction } from '../../../lib/form-action.ts';

/** Creates the account and mails the verification link. The answer is the same whether or not the address was taken. */
export function signUp(body: SignUp): Promise<{ ok: true }> {
  return apiFetch('/api/account/signup', { method: 'POST', body });
}

export function useSignUp() {
  return useFormAction(signUp, { meta: { componentName: 'SignUp' } });
}
