import { offerUpdate, withdrawUpdate } from './updateNotice';

/** The part of workbox-window's Workbox that the registration uses (a stand-in in the unit tests). */
export interface WorkboxLike {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  register(): Promise<unknown>;
  update(): Promise<unknown>;
  messageSkipWaiting(): void;
}

export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker (sw/sw.ts) and offers each new version that waits: choosing
 * "Actualizar" lets it take over, then reloads the page into it. Until then the page keeps the
 * version it started with; the next page opened comes from the network, in the new version.
 * Returns how to stop looking for new versions.
 */
export function registerServiceWorker(workbox: WorkboxLike, reload: () => void = () => window.location.reload()): () => void {
  workbox.addEventListener('waiting', () => {
    offerUpdate(() => {
      workbox.addEventListener('controlling', () => {
        withdrawUpdate();
        reload();
      });
      workbox.messageSkipWaiting();
    });
  });
  // A browser that refuses workers (a private window, a policy) keeps the portal as it is, without one.
  workbox.register().catch(() => undefined);
  // A portal left open in a phone's background looks for a new version when it comes back.
  const lookAgain = () => {
    if (document.visibilityState === 'visible') void workbox.update();
  };
  document.addEventListener('visibilitychange', lookAgain);
  return () => document.removeEventListener('visibilitychange', lookAgain);
}

/**
 * Starts the registration in a browser that has service workers, in a production build only,
 * once the page has loaded: the worker and what it downloads never compete with the page's own
 * files. A page the worker already controls takes workbox-window from the worker's precache and
 * offers new versions; the first visit, which has no version to update from, registers the
 * worker without it and downloads nothing more.
 */
export async function startServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (document.readyState !== 'complete') await new Promise((loaded) => window.addEventListener('load', loaded, { once: true }));
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
    return;
  }
  const { Workbox } = await import('workbox-window');
  registerServiceWorker(new Workbox(SERVICE_WORKER_URL, { scope: '/' }));
}
