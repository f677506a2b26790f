import { expect, test, type Browser, type Page } from './fixtures';
import { appReady, shot, signIn, withoutLiveStream } from './helpers';

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
});

test.describe('with JavaScript', () => {
  test('public pages hydrate without a mismatch and read what the server wrote instead of asking', async ({ page }) => {
    const item = await firstNewsItem(page);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
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
    }
    await expect(page.getByRole('heading', { level: 1, name: /Contacto/ })).toBeVisible();
  });

  test("a signed-in page's first response carries the member's profile, and the page asks nobody for it", async ({ page }) => {
    await signIn(page, 'jugador');
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
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
    test(`${path} shifts its layout by at most 0.1`, async ({ page }) => {
      await watchLayoutShifts(page);
      await page.goto(path);
      await settledApp(page);
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      const { total, shifts } = await layoutShift(page);
      expect(total, shifts.join('\n')).toBeLessThanOrEqual(0.1);
    });
  }

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
    await shot(page, 'first-paint-support-390');
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
