import { useMutation } from '@tanstack/react-query';
import type { Profile, ProfileInput } from '../../../../shared/account.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { setProfile } from '../../../lib/session.ts';

/** Saves the service form; the server adds the state and the zip code of the city. */
export function saveProfile(body: ProfileInput): Promise<Profile> {
  return apiFetch('/api/account/profile', { method: 'PUT', body });
}

/** Saving the profile as a mutation; the session holds the saved profile at once. `componentName` names the screen. */
export function useSaveProfile(componentName: string) {
  return useMutation({ mutationFn: saveProfile, meta: { componentName }, onSuccess: setProfile });
}
