import { queryOptions } from '@tanstack/react-query';
import { TOKEN_KEY } from '../api/client';
import { fetchProfile, queryKeys } from '../api/queries';
import { USER_KEY } from './context';

/** How often the signed-in user's profile, and so their Discord roles, is read again. */
export const PROFILE_REFRESH_INTERVAL = 60_000;

/** The profile of `token`; each answer becomes the stored user while `token` is the stored token. */
export function profileQuery(token: string) {
  return queryOptions({
    queryKey: queryKeys.profile(token),
    queryFn: async () => {
      const profile = await fetchProfile(token);
      if (localStorage.getItem(TOKEN_KEY) === token) localStorage.setItem(USER_KEY, JSON.stringify(profile));
      return profile;
    },
    retry: false,
  });
}
