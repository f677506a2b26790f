import { expect, test, type Browser, type Page } from './fixtures';
import { appReady, settled, signIn } from './helpers';

/**
 * Every date the web shows is written in Spanish as the community's clock (the demo's
 * America/Mexico_City) reads it, whatever the browser's language and zone: a reader in
 * Tijuana with an English browser sees the very same dates as one in Mexico City.
 */
const ENGLISH = /\b(January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b|\d (AM|PM)\b/;

/** What a page shows in its main area, once the app has drawn it. */
async function mainText(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<string> {
  await page.goto(path);
  await appReady(page);
  await ready(page);
  await settled(page);
  return page.getByRole('main').innerText();
}

const PAGES: { path: string; persona: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/diario-oficial', persona: 'jugador', ready: (page) => expect(page.getByText(/Presentada el/).first()).toBeVisible() },
  { path: '/support', persona: 'jugador', ready: (page) => expect(page.getByRole('tablist', { name: 'Estado de los tickets' })).toBeVisible() },
  { path: '/perfil', persona: 'jugador', ready: (page) => expect(page.getByText('Expediente criminal')).toBeVisible() },
  {
    path: '/records',
    persona: 'jugador',
    ready: async (page) => {
      const search = page.getByRole('search');
      await search.getByLabel('Usuario de Roblox').fill('Halcon_MX');
      await search.getByRole('button', { name: 'Buscar' }).click();
      await expect(page.getByRole('region', { name: 'Expediente' })).toBeVisible();
    },
  },
];

async function readerIn(browser: Browser, baseURL: string | undefined, locale: string, timezoneId: string, persona: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale, timezoneId });
  const page = await context.newPage();
  await signIn(page, persona);
  return page;
}

for (const { path, persona, ready } of PAGES) {
  test(`${path} reads the same dates, in Spanish, in Tijuana with an English browser as in Mexico City`, async ({ browser, baseURL }) => {
    const mexico = await readerIn(browser, baseURL, 'es-MX', 'America/Mexico_City', persona);
    const tijuana = await readerIn(browser, baseURL, 'en-US', 'America/Tijuana', persona);
    const there = await mainText(tijuana, path, ready);
    expect(there).toMatch(/\d/);
    expect(there).not.toMatch(ENGLISH);
    expect(there).toBe(await mainText(mexico, path, ready));
  });
}
