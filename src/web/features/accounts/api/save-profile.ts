import type { Profile, ProfileInput } from '../../../../shared/account.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** Saves the service form; the server adds the state and the zip code of the city. */
export function saveProfile(body: ProfileInput): Promise<Profile> {
  return apiFetch('/api/account/profile', { method: 'PUT', body });
}
