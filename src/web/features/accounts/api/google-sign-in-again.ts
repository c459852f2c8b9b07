import { useMutation } from '@tanstack/react-query';
import { startGoogleSignIn } from './google-sign-in.ts';

/** Where a Google sign-in made to confirm a deletion comes back to: the account screen, its dialog open (issue 36). */
export const DELETE_AFTER_GOOGLE = { returnTo: '/account?delete=google', failedTo: '/account?delete=google-failed' } as const;

/**
 * A signed-in customer without a password signs in with Google again before deleting their account; the screen then
 * sends the browser to the address it answers. Its own file: the login page's signed-out write carries no React Query.
 */
export function useGoogleSignInAgain() {
  return useMutation({
    mutationFn: () => startGoogleSignIn(DELETE_AFTER_GOOGLE.returnTo, DELETE_AFTER_GOOGLE.failedTo),
    meta: { componentName: 'DeleteAccount' },
  });
}
