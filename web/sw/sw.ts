/// <reference lib="webworker" />
// The portal's service worker (docs/architecture.md, "The service worker"). It keeps the
// build's hashed files and an offline page, so a returning player downloads only what changed;
// it never keeps a page or an API answer, which may be a person's.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ASSETS_CACHE, CACHE_PREFIX, OFFLINE_PAGE, UNTOUCHED_PATHS } from '../src/serviceWorker/cacheNames';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// Named 'zocalo-precache-<scope>', as cacheNames.ts expects.
setCacheNameDetails({ prefix: CACHE_PREFIX, precache: 'precache' });
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Pages always come from the network, once, through this fetch: no navigation preload (it
// sent the sign-in's one-time code twice) and no copy of a page, since the same address
// serves a member their own profile. Without a network, the offline page stands in.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
      }
    },
    { denylist: [UNTOUCHED_PATHS] },
  ),
);

// Hashed files the precache does not list (antd's stylesheets, written after the bundle):
// named by their content, so a kept copy is never stale.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({ cacheName: ASSETS_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })] }),
);

// The app asks the waiting version to take over when the reader chooses "Actualizar".
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
