import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** Asks the server where to send the browser to sign in with Google; it comes back to /home, or to /login on failure. */
export function startGoogleSignIn(): Promise<{ url: string; redirect: boolean }> {
  return apiFetch('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL: '/home', errorCallbackURL: '/login?error=google' },
  });
}

/** Starting the Google sign-in as a mutation; the screen then sends the browser to the address it answers. */
export function useGoogleSignIn() {
  return useMutation({ mutationFn: startGoogleSignIn, meta: { componentName: 'UserLogin' } });
}
