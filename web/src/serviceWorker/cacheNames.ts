/**
 * The names the service worker (sw/sw.ts) gives its caches, shared with the app so that signing
 * out (auth/forgetPerson.ts) knows which caches hold nothing of a person: everything else goes.
 */

/** The start of every cache name the worker makes. */
export const CACHE_PREFIX = 'zocalo';

/** Workbox's precache (its name ends with the worker's scope): the build's hashed assets, icons and the offline page. */
export const PRECACHE_PREFIX = `${CACHE_PREFIX}-precache-`;

/** Files under /assets/ that the precache does not list (the prerender's stylesheets), kept as they are fetched. */
export const ASSETS_CACHE = `${CACHE_PREFIX}-assets`;

/** Whether a cache holds only what every visitor downloads alike. */
export function isPublicCache(name: string): boolean {
  return name.startsWith(PRECACHE_PREFIX) || name === ASSETS_CACHE;
}

/** The page the worker answers a navigation with when the network fails: no person's data, no page's content. */
export const OFFLINE_PAGE = '/offline.html';

/**
 * Paths the worker leaves alone, navigations included: the API, the fake Discord of demo mode
 * and the sign-in's return (/auth/callback carries a one-time code).
 */
export const UNTOUCHED_PATHS = /^\/(api|demo|auth)(\/|$)/;
