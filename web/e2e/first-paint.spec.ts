import { expect, test, type Browser, type Page } from './fixtures';
import { appReady, isHarnessNotice, shot, signIn, withoutLiveStream } from './helpers';

// Pages paint from the HTML the server sends: prerendered by the build, with what the request
// brings written in (webapi/document.go). These hold what a reader sees before, and without,
// any script, and that nothing moves once the app takes over.

const PHONE = { width: 390, height: 844 };

/** The first published news item, as the API lists it. */
async function firstNewsItem(page: Page): Promise<{ _id: string; title: string; content: string }> {
  const res = await page.request.get('/api/news/news-cards');
  expect(res.ok()).toBe(true);
  const items = (await res.json()) as { _id: string; title: string; content: string; active: boolean }[];
  const item = items.find((candidate) => candidate.active);
  if (!item) throw new Error('the demo has no published news');
  return item;
}

/** The page's console errors and warnings (not the test harness's own) and uncaught errors, as they come. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && !isHarnessNotice(message.text())) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * The antd rules written at run time, by their start. antd writes a component's rules at run
 * time unless the page's stylesheets already hold them (ssr/StyleCatalog.tsx): a component
 * missing from the catalog costs a slow phone's main thread while the page's content renders.
 * The theme's variables are always written at run time: rules set properties.
 */
async function generatedRules(page: Page): Promise<string[]> {
  await expect(page.locator('.ant-skeleton-active, .ant-spin-spinning')).toHaveCount(0);
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('style'))
      .map((style) => style.textContent ?? '')
      .filter((css) => /\.ant-[\w-]+/.test(css) && /[{;]\s*[a-z][a-z-]*\s*:/.test(css))
      .map((css) => css.slice(0, 120)),
  );
}

/** A browser without JavaScript, at phone size. */
async function withoutScripts(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE, locale: 'es-MX' });
  return context.newPage();
}

/**
 * Sums the page's layout shifts (those not caused by the reader's input), from the first
 * paint on: the observer is installed before any of the page's own code runs.
 */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number; layoutShifts: string[] };
    w.layoutShift = 0;
    w.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue;
        w.layoutShift += entry.value;
        w.layoutShifts.push(`${entry.value.toFixed(4)}: ${(entry.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node?.nodeName))).join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function layoutShift(page: Page): Promise<{ total: number; shifts: string[] }> {
  return page.evaluate(() => {
    const w = window as unknown as { layoutShift: number; layoutShifts: string[] };
    return { total: w.layoutShift, shifts: w.layoutShifts };
  });
}

/** Waits until the app has hydrated the page and shown what the server wrote, and a frame has been painted since. */
async function settledApp(page: Page): Promise<void> {
  await appReady(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test.describe('without JavaScript', () => {
  test('the landing shows its heading and the server cards', async ({ browser, baseURL }) => {
    const page = await withoutScripts(browser, baseURL);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Zócalo' })).toBeVisible();
    const servers = page.locator('section', { has: page.getByRole('heading', { name: 'Servidores' }) });
    for (const name of ['Principal', 'Secundario', 'Eventos', 'Pruebas']) {
      await expect(servers.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    await expect(servers.getByText('39 de 40 jugadores')).toBeVisible();
    await expect(servers.getByRole('link', { name: 'Unirse' })).toHaveAttribute('href', /ZOCALO/);
    await expect(page.getByRole('link', { name: 'Jugar Ahora' })).toHaveAttribute('href', /ZOCALO/);
    // The phone menu opens through the app: until it runs, its button says it cannot be pressed yet.
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeDisabled();
    await shot(page, 'first-paint-landing-without-js');
  });

  test("a news item's page shows its title and text", async ({ browser, baseURL }) => {
    const page = await withoutScripts(browser, baseURL);
    const item = await firstNewsItem(page);
    await page.goto(`/news/${item._id}`);
    await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
    const firstLine = item.content.split('\n')[0] ?? '';
    await expect(page.getByText(firstLine)).toBeVisible();
    await shot(page, 'first-paint-news-item-without-js');
  });

  test('the Diario Oficial shows its laws, and its search waits for the app rather than lose what is typed', async ({ browser, baseURL }) => {
    const page = await withoutScripts(browser, baseURL);
    await page.goto('/diario-oficial');
    await expect(page.getByRole('article', { name: 'Ley de Movilidad Sustentable' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Buscar leyes' })).toBeDisabled();
  });
});

test.describe('with JavaScript', () => {
  test('public pages hydrate without a mismatch, read what the server wrote instead of asking, and generate no styles', async ({ page }) => {
    const item = await firstNewsItem(page);
    const problems = consoleProblems(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/config' || path === '/api/news/news-cards' || path === '/api/diario-oficial' || path === '/api/auth/profile') asked.push(path);
    });
    for (const path of ['/', '/news', `/news/${item._id}`, '/shop', '/diario-oficial', '/privacy-policy', '/contact']) {
      await page.goto(path);
      await settledApp(page);
      expect(problems, path).toEqual([]);
      expect(asked, path).toEqual([]);
      expect(await generatedRules(page), path).toEqual([]);
    }
    await expect(page.getByRole('heading', { level: 1, name: /Contacto/ })).toBeVisible();
  });

  test("a signed-in page's first response carries the member's profile, and the page asks nobody for it", async ({ page }) => {
    await signIn(page, 'jugador');
    const problems = consoleProblems(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/auth/profile' || path === '/api/config') asked.push(path);
    });
    const response = await page.goto('/support');
    const html = (await response?.text()) ?? '';
    const block = /<script type="application\/json" id="zocalo-boot">(.*?)<\/script>/s.exec(html)?.[1];
    expect(block, 'the page carries its data block').toBeTruthy();
    const boot = JSON.parse(block ?? '{}') as { session?: { profile: { username: string; pages: string[] } } };
    expect(boot.session?.profile.username).toBe('jugador');
    expect(boot.session?.profile.pages).toContain('/support');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { level: 1, name: 'Centro de Soporte' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Menú de usuario/ })).toBeVisible();
    await appReady(page);
    expect(asked).toEqual([]);
    // The frame hydrated without a difference from the HTML.
    expect(problems).toEqual([]);
  });

  test("a signed-in page's HTML names every script its page downloads, so that the app adds none of them late", async ({ page }) => {
    await signIn(page, 'soporte');
    const scripts: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/assets\/[^/]+\.js$/.test(path) && !path.startsWith('/assets/after-load-')) scripts.push(path);
    });
    const response = await page.goto('/admin/support');
    const html = (await response?.text()) ?? '';
    const listed = (/data-entry="([^"]+)" data-preload="([^"]*)"/.exec(html) ?? []).slice(1).join(' ').split(' ').filter(Boolean);
    await expect(page.getByRole('tablist', { name: 'Estado de los tickets' })).toBeVisible();
    await appReady(page);
    // The page's own chunk (staff) is among them, not only the entry's.
    expect(listed.some((file) => /\/assets\/staff-[\w-]+\.js$/.test(file))).toBe(true);
    // What a chart or a dialog loads on showing is not part of the page's first download.
    const firstDownload = scripts.filter((path) => !/\/assets\/(charts|forms|ui-inputs)-/.test(path));
    expect(firstDownload.filter((path) => !listed.includes(path))).toEqual([]);
  });
});

test("another site's form, posted from a signed-in member's browser, writes nothing", async ({ page, baseURL }) => {
  await signIn(page, 'comite');
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const count = async () => {
    const res = await page.request.get('/api/news/news-cards', { headers: { Authorization: `Bearer ${token}` } });
    return ((await res.json()) as unknown[]).length;
  };
  const before = await count();
  // A page of another site (localhost is not 127.0.0.1's site) that posts a news item to the
  // portal as soon as it loads, as a forged form would.
  const portal = new URL(baseURL ?? '');
  const elsewhere = `http://localhost:${portal.port}/otro-sitio`;
  await page.route(elsewhere, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<form id="f" method="post" enctype="text/plain" action="${portal.origin}/api/news/news-cards">
        <input name='{"title":"Falsa","content":"x","type":"announcement","x":"' value='"}'></form>
        <script>document.getElementById('f').submit()</script>`,
    }),
  );
  const posted = page.waitForResponse((response) => response.url() === `${portal.origin}/api/news/news-cards` && response.request().method() === 'POST');
  await page.goto(elsewhere);
  expect((await posted).status()).toBe(401);
  expect(await count()).toBe(before);
});

test.describe('nothing moves at phone size', () => {
  test.use({ viewport: PHONE });

  for (const path of ['/', '/news']) {
    test(`${path} shifts its layout by at most 0.1, and builds no wide menu`, async ({ page }) => {
      await watchLayoutShifts(page);
      // The bar's wide menu is hidden on a phone: the app does not build it while hydrating either.
      await page.addInitScript(() => {
        const w = window as unknown as { wideMenuBuilt: boolean };
        w.wideMenuBuilt = false;
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of Array.from(record.addedNodes)) {
              if (node instanceof Element && (node.matches('.ant-menu-horizontal') || node.querySelector('.ant-menu-horizontal'))) w.wideMenuBuilt = true;
            }
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(path);
      await settledApp(page);
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      const { total, shifts } = await layoutShift(page);
      expect(total, shifts.join('\n')).toBeLessThanOrEqual(0.1);
      expect(await page.evaluate(() => (window as unknown as { wideMenuBuilt: boolean }).wideMenuBuilt)).toBe(false);
    });
  }

  test('pages read from their HTML download the app after they have loaded, and its render paints nothing larger', async ({ page }) => {
    const item = await firstNewsItem(page);
    // Every element the HTML brought, remembered before any script of the app runs.
    await page.addInitScript(() => {
      const w = window as unknown as { serverElements: WeakSet<Element> };
      w.serverElements = new WeakSet();
      document.addEventListener('DOMContentLoaded', () => {
        document.querySelectorAll('*').forEach((element) => w.serverElements.add(element));
      });
    });
    for (const path of ['/', '/news', `/news/${item._id}`, '/shop', '/diario-oficial']) {
      await page.goto(path);
      await settledApp(page);
      const { paintedByTheApp, loaded, appRequested } = await page.evaluate(async () => {
        const w = window as unknown as { serverElements: WeakSet<Element> };
        type Paint = PerformanceEntry & { element?: Element | null };
        const paints = await new Promise<Paint[]>((resolve) =>
          new PerformanceObserver((list, observer) => {
            observer.disconnect();
            resolve(list.getEntries() as Paint[]);
          }).observe({ type: 'largest-contentful-paint', buffered: true }),
        );
        const appScripts = performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname) && !entry.name.includes('/assets/after-load-'));
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        return {
          // A paint of an element still in the page that the HTML did not bring: the app drew it.
          paintedByTheApp: paints.filter((paint) => paint.element && !w.serverElements.has(paint.element)).map((paint) => `${paint.element?.tagName}.${paint.element?.className}`),
          loaded: navigation.loadEventEnd,
          appRequested: Math.min(...appScripts.map((entry) => entry.startTime)),
        };
      });
      expect(appRequested, path).toBeGreaterThanOrEqual(loaded);
      // The app's own render is no larger than what the server drew: the page's largest paint
      // stays the one from the HTML.
      expect(paintedByTheApp, path).toEqual([]);
    }
  });

  test('/support signed in as jugador shifts its layout by at most 0.1', async ({ page, context }) => {
    await withoutLiveStream(context);
    await signIn(page, 'jugador');
    await watchLayoutShifts(page);
    await page.goto('/support');
    await settledApp(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Centro de Soporte' })).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    const { total, shifts } = await layoutShift(page);
    expect(total, shifts.join('\n')).toBeLessThanOrEqual(0.1);
    expect(await generatedRules(page)).toEqual([]);
    await shot(page, 'first-paint-support-390');
  });

  test("a news item's page shifts its layout by at most 0.1", async ({ page }) => {
    const item = await firstNewsItem(page);
    await watchLayoutShifts(page);
    await page.goto(`/news/${item._id}`);
    await settledApp(page);
    await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
    await expect(page.locator('.news-detail-image')).toHaveJSProperty('complete', true);
    const { total, shifts } = await layoutShift(page);
    expect(total, shifts.join('\n')).toBeLessThanOrEqual(0.1);
  });

  // 0.047 here while antd's skeletons of the figures and the on-shift card were taller than
  // what replaced them; 0.031 once they held the figure's line and one member's row. Opened
  // directly, the page now renders once its first answers are there (routes.tsx,
  // prefetchOpenedPage): what shows meanwhile is the served frame, then the page with its data.
  test('/dashboard signed in as moderador renders once, with its figures, and shifts its layout by at most 0.04', async ({ page, context }) => {
    await withoutLiveStream(context);
    await signIn(page, 'moderador');
    await watchLayoutShifts(page);
    // The figures and the on-shift list answer only once the served frame has been painted, as
    // on a phone's network: on this machine they would come before the first frame.
    let answer: () => void = () => undefined;
    const painted = new Promise<void>((resolve) => (answer = resolve));
    for (const path of ['**/api/staff/stats', '**/api/staff/on-shift']) {
      await page.route(path, async (route) => {
        await painted;
        await route.continue();
      });
    }
    await page.goto('/dashboard');
    await expect(page.locator('h1')).toBeVisible();
    // Whether a loading state of the figures or of the on-shift list is ever drawn from here.
    await page.evaluate(() => {
      const seen = () => document.querySelector('.figure-placeholder, [aria-label="En turno ahora"] [role="status"]') !== null;
      const flags = window as unknown as { loadingDrawn: boolean };
      flags.loadingDrawn = seen();
      new MutationObserver(() => (flags.loadingDrawn ||= seen())).observe(document.body, { childList: true, subtree: true });
    });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(page.getByRole('group', { name: 'Horas totales' })).toHaveCount(0);
    answer();
    await settledApp(page);
    await expect(page.getByRole('group', { name: 'Horas totales' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Horas totales' }).getByRole('status')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'En turno ahora' }).getByRole('status')).toHaveCount(0);
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { loadingDrawn: boolean }).loadingDrawn)).toBe(false);
    const { total, shifts } = await layoutShift(page);
    expect(total, shifts.join('\n')).toBeLessThanOrEqual(0.04);
    expect(await generatedRules(page)).toEqual([]);
  });

  test('the footer stays below the first screen while a page loads', async ({ page }) => {
    // The page's own code never arrives: what shows is the HTML the server sent.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/news');
    const footerTop = await page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().top);
    expect(footerTop).toBeGreaterThanOrEqual(PHONE.height);
    await expect(page.getByRole('heading', { level: 1, name: 'Noticias' })).toBeVisible();
  });
});
