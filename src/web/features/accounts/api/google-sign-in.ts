import { apiFetch } from '../../../lib/api-client.ts';
import { useFormAction } from '../../../lib/form-action.ts';

/**
 * Asks the server where to send the browser to sign in with Google; it comes back to `returnTo` (a path of this app,
 * /home unless the sign-in was asked for by another screen), or to `failedTo` (/login) on failure.
 */
export function startGoogleSignIn(returnTo = '/home', failedTo = '/login?error=google'): Promise<{ url: string; redirect: boolean }> {
  return apiFetch('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL: returnTo, errorCallbackURL: failedTo },
  });
}

/** Starting the Google sign-in (a signed-out form's write); the screen then sends the browser to the address it answers. */
export function useGoogleSignIn() {
  return useFormAction(startGoogleSignIn, { meta: { componentName: 'UserLogin' } });
}
