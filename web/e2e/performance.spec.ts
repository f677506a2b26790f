import { expect, test, type Page } from '@playwright/test';
import { shot, signIn } from './helpers';

/** JavaScript and CSS a signed-out visitor downloads for the landing, as sent (gzip, with headers). */
const FIRST_LOAD_BUDGET = 250 * 1024;
/** Largest Contentful Paint of the landing from the local binary. */
const LCP_BUDGET_MS = 1000;

// The signed-in areas' chunks: routes.tsx imports each area's index.tsx on demand, and the
// bundler names such a chunk after the area's folder (admin-<hash>.js).
const AREAS = ['admin', 'staff', 'treasury', 'legislative', 'members'] as const;
const areaOf = (url: string) => AREAS.find((area) => new RegExp(`/assets/${area}-[\\w-]{8}\\.js$`).test(url));

interface Transfer {
  url: string;
  bytes: number;
  encoding: string | undefined;
}

/**
 * Records, from the browser's network layer, every script and stylesheet the page downloads
 * and the bytes it took on the wire (compressed body and headers).
 */
async function recordTransfers(page: Page): Promise<Transfer[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const pending = new Map<string, Omit<Transfer, 'bytes'>>();
  const done: Transfer[] = [];
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const path = new URL(response.url).pathname;
    if (type === 'Script' || type === 'Stylesheet' || /\.(js|css)$/.test(path)) {
      pending.set(requestId, { url: response.url, encoding: response.headers['Content-Encoding'] ?? response.headers['content-encoding'] });
    }
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = pending.get(requestId);
    if (response) done.push({ ...response, bytes: encodedDataLength });
  });
  return done;
}

/** The page's Largest Contentful Paint in milliseconds, from the buffered entries. */
function largestContentfulPaint(page: Page): Promise<{ ms: number; element: string }> {
  return page.evaluate(
    () =>
      new Promise<{ ms: number; element: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no largest-contentful-paint entry')), 5_000);
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
          const last = entries.at(-1);
          if (!last) return;
          clearTimeout(timer);
          const el = last.element;
          resolve({ ms: last.startTime, element: el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''}` : '?' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

test('the landing downloads at most 250 KiB of JS and CSS, no signed-in area, and paints within 1 s', async ({ page, browser }) => {
  // The server compresses each file once, on its first request: a visit before the measured
  // one keeps that one-off cost of a fresh server out of the visitor's figures.
  const warm = await browser.newPage();
  await warm.goto('/', { waitUntil: 'networkidle' });
  await warm.close();

  const transfers = await recordTransfers(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Servidores', level: 2 })).toBeVisible();

  const total = transfers.reduce((sum, t) => sum + t.bytes, 0);
  const report = transfers
    .toSorted((a, b) => b.bytes - a.bytes)
    .map((t) => `${kib(t.bytes).padStart(10)} ${t.encoding ?? 'identity'} ${new URL(t.url).pathname}`)
    .join('\n');
  console.log(`landing, first load: ${transfers.length} scripts and stylesheets, ${kib(total)}\n${report}`);

  expect(transfers.length, 'the landing loaded no script at all: is the recorder attached?').toBeGreaterThan(0);
  expect(transfers.filter((t) => t.encoding !== 'gzip').map((t) => t.url), 'scripts and stylesheets sent uncompressed').toEqual([]);
  // Soft: a failure here still lets the paint below be measured and reported.
  expect.soft(total, `JS and CSS of the landing's first load:\n${report}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  expect.soft(transfers.map((t) => t.url).filter((url) => areaOf(url) !== undefined), 'signed-in areas loaded by the landing').toEqual([]);

  const lcp = await largestContentfulPaint(page);
  console.log(`landing, largest contentful paint: ${Math.round(lcp.ms)} ms (${lcp.element})`);
  expect(lcp.ms, `largest contentful paint (${lcp.element})`).toBeLessThanOrEqual(LCP_BUDGET_MS);
  await shot(page, 'performance-landing');
});

test('each signed-in area downloads its chunk when first visited', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  const loadedAreas = () => new Set(scripts.map(areaOf).filter((area) => area !== undefined));

  await page.goto('/', { waitUntil: 'networkidle' });
  expect([...loadedAreas()]).toEqual([]);
  await signIn(page, 'comite');

  // Without these, the check on the landing would pass with any names.
  const visits: [string, (typeof AREAS)[number], string][] = [
    ['/records', 'members', 'Expedientes Criminales'],
    ['/dashboard', 'staff', 'Panel de Control'],
    ['/treasury', 'treasury', 'Tesorería'],
    ['/legislative', 'legislative', 'Sistema Legislativo'],
    ['/admin/roles', 'admin', 'Gestión de Roles y Permisos'],
  ];
  for (const [path, area, heading] of visits) {
    expect(loadedAreas().has(area), `${area} loaded before ${path} was visited`).toBe(false);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    expect(loadedAreas().has(area), `${path} loaded no ${area}-<hash>.js chunk`).toBe(true);
  }
});
