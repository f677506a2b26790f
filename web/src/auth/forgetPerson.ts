import type { QueryClient } from '@tanstack/react-query';
import { TOKEN_KEY } from '../api/client';
import { queryKeys } from '../api/queries';
import { isPublicCache } from '../serviceWorker/cacheNames';
import { bootData, setBootData } from '../ssr/bootData';
import { USER_KEY } from './context';

/**
 * What the browser keeps of a person in localStorage: the session's token and its profile. The
 * colour mode (theme) and the form-protection token (csrfToken) belong to the device, not to
 * whoever signs in on it.
 */
export const PERSONAL_STORAGE_KEYS = [TOKEN_KEY, USER_KEY] as const;

/**
 * Forgets the signed-in person on this device, on signing out or when the session ends: the
 * stored token and profile, every answer react-query holds but the public configuration, the
 * profile the page was served with, and the caches the service worker's own public ones leave
 * (resolves once they are deleted, with their names).
 */
export function forgetPerson(queryClient: QueryClient): Promise<string[]> {
  for (const key of PERSONAL_STORAGE_KEYS) localStorage.removeItem(key);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.config[0] });
  setBootData({ ...bootData(), session: undefined });
  return forgetPersonalCaches();
}

/**
 * Deletes every cache of this origin that is not one of the service worker's public caches
 * (cacheNames.ts): the worker keeps no page or API answer, so anything else is not known to be
 * free of a person's data.
 */
export async function forgetPersonalCaches(): Promise<string[]> {
  if (typeof caches === 'undefined') return [];
  const personal = (await caches.keys()).filter((name) => !isPublicCache(name));
  await Promise.all(personal.map((name) => caches.delete(name)));
  return personal;
}
