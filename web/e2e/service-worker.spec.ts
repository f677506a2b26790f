import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { expect, test, type Page } from './fixtures';
import { appReady, openUserMenu, signIn } from './helpers';

// The one spec that runs with the service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** Waits until the page's origin has an activated worker, which has filled its precache. */
async function workerActive(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), {
      message: 'the service worker is activated',
    })
    .toBe('activated');
}

interface CachedEntry {
  cache: string;
  url: string;
  type: string;
}

/** Every entry of the origin's Cache Storage, with its response's content type. */
function cachedEntries(page: Page): Promise<CachedEntry[]> {
  return page.evaluate(async () => {
    const entries: CachedEntry[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({ cache: name, url: request.url, type: response?.headers.get('Content-Type') ?? '' });
      }
    }
    return entries;
  });
}

const OFFLINE_HEADING = 'Sin conexión';

test('a returning visitor gets the offline page without a network, and nothing personal is ever kept', async ({ page, context }) => {
  await page.goto('/');
  await workerActive(page);

  // A member's visit under the worker: the sign-in (its one-time code) and signed-in pages.
  await signIn(page, 'moderador');
  await page.goto('/support');
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'Centro de Soporte' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const entries = await cachedEntries(page);
  expect(entries.some((entry) => new URL(entry.url).pathname === '/offline.html')).toBe(true);
  expect(entries.some((entry) => /\/assets\/.+\.js$/.test(entry.url))).toBe(true);
  const personal = entries.filter((entry) => {
    const path = new URL(entry.url).pathname;
    const isPage = entry.type.startsWith('text/html') && path !== '/offline.html';
    return isPage || /^\/(api|demo|auth)\//.test(path);
  });
  expect(personal, 'no API answer and no page but the offline one is cached').toEqual([]);

  await context.setOffline(true);
  try {
    for (const path of ['/', '/support', '/dashboard']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: OFFLINE_HEADING })).toBeVisible();
      await expect(page.getByText('No hay conexión a internet.')).toBeVisible();
      // The bare page: no frame, no member's name or menu.
      await expect(page.getByRole('button', { name: /^Menú de usuario/ })).toHaveCount(0);
    }
  } finally {
    await context.setOffline(false);
  }
  await page.getByRole('link', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { name: 'Panel de Control' })).toBeVisible();
});

test('signing out deletes the caches that may hold a person and keeps the public ones', async ({ page }) => {
  await signIn(page, 'jugador');
  await workerActive(page);
  // A cache that is not one of the worker's public ones, as a page's or an older version's would be.
  await page.evaluate(async () => {
    const cache = await caches.open('zocalo-pages');
    await cache.put('/perfil', new Response('<h1>Mi perfil</h1>', { headers: { 'Content-Type': 'text/html' } }));
  });
  const before = await page.evaluate(() => caches.keys());
  expect(before).toContain('zocalo-pages');

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();

  await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain('zocalo-pages');
  const after = await page.evaluate(() => caches.keys());
  expect(after.some((name) => name.startsWith('zocalo-precache-'))).toBe(true);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
});

/**
 * The portal behind a proxy of the test's own, on a free port, that can answer /sw.js with
 * another build's worker: the binary serves the worker it was built with, and the browser
 * fetches a worker's script itself, where the test's routes do not reach.
 */
async function portalWithNextWorker(portal: string) {
  let nextWorker: string | null = null;
  const target = new URL(portal);
  const server = createServer((incoming, answer) => {
    if (nextWorker !== null && incoming.url === '/sw.js') {
      answer.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-cache' }).end(nextWorker);
      return;
    }
    const forwarded = request(
      { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: { ...incoming.headers, host: target.host } },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
      },
    );
    forwarded.on('error', () => answer.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deploy: (worker: string) => {
      nextWorker = worker;
    },
    close: () =>
      new Promise<void>((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      }),
  };
}

test('a new version of the worker is offered as "Nueva versión disponible" and applied by "Actualizar"', async ({ page, portal }) => {
  const proxy = await portalWithNextWorker(portal.url);
  try {
    await page.goto(`${proxy.url}/`);
    await workerActive(page);
    await page.reload();
    await appReady(page);
    const first = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);

    // A new build: the same worker with one more listener, which tells it apart from the first.
    const built = readFileSync(resolve(import.meta.dirname, '../dist/sw.js'), 'utf8');
    proxy.deploy(`${built}\nself.addEventListener('message', (event) => { if (event.data === 'build?') event.source?.postMessage('next'); });\n`);
    // What the app does when the page comes back into view.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const notice = page.getByRole('status').filter({ hasText: 'Nueva versión disponible' });
    await expect(notice).toBeVisible();
    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Actualizar' }).click();

    // The page reloads into the new version, which now controls it, and the notice is gone.
    await reloaded;
    await appReady(page);
    expect(await page.evaluate(() => 'beforeUpdate' in window), 'the page reloaded').toBe(false);
    await expect(page.getByText('Nueva versión disponible')).toHaveCount(0);
    const now = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const build = await new Promise<unknown>((answer) => {
        navigator.serviceWorker.addEventListener('message', (event) => answer(event.data), { once: true });
        navigator.serviceWorker.controller?.postMessage('build?');
      });
      return { waiting: registration?.waiting ?? null, controlled: navigator.serviceWorker.controller?.scriptURL, build };
    });
    expect(now).toEqual({ waiting: null, controlled: first, build: 'next' });
  } finally {
    await page.close();
    await proxy.close();
  }
});

test('every page links the web manifest, which makes the portal installable on a phone', async ({ page, request }) => {
  await signIn(page, 'jugador');
  for (const path of ['/', '/news', '/support', '/pagina-que-no-existe']) {
    await page.goto(path);
    await expect(page.locator('head link[rel="manifest"]'), path).toHaveAttribute('href', '/manifest.webmanifest');
  }
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await answer.json()) as { name: string; short_name: string; lang: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; purpose: string }[] };
  expect({ name: manifest.name, short_name: manifest.short_name, lang: manifest.lang, start_url: manifest.start_url, display: manifest.display }).toEqual({
    name: 'Zócalo',
    short_name: 'Zócalo',
    lang: 'es',
    start_url: '/',
    display: 'standalone',
  });
  expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
});
