import { expect, test, type Locator, type Page } from './fixtures';
import { appReady, openUserMenu, signIn } from './helpers';

// Every demo persona, each holding one role (oficina also DIPUTADO; revisor is on the artist
// allowlist; jugador holds none).
const PERSONAS = ['comite', 'oficina', 'rh', 'ai', 'moderador', 'trial', 'soporte', 'tesoreria', 'auditor', 'diputado', 'senador', 'ministro', 'revisor', 'jugador'];

// Pages that are steps of something else rather than places to go: signing in, the refusal,
// and the stand-alone forms the bar opens as dialogs. Pages of one item (a path with a
// parameter) are reached from their lists.
const NOT_DESTINATIONS = new Set(['/login', '/auth/callback', '/unauthorized', '/contact', '/artist-application']);

type Step = { where: 'global' | 'menu' | 'main'; path: string };

/** The paths of the visible same-site links in a part of the page. */
function linksIn(scope: Locator): Promise<string[]> {
  return scope.locator('a[href^="/"]:visible').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

/** The bar and the footer: on every page, one click away. */
const globalNav = (page: Page) => page.locator('header nav, footer');

/** Waits until the page's own content shows: its chunk has run, its title is up. */
async function pageShown(page: Page): Promise<void> {
  await appReady(page);
  await expect(page.locator('main').locator('h1, h2, .ant-result-title').first()).toBeVisible();
}

async function click(page: Page, step: Step): Promise<void> {
  if (step.where === 'menu') {
    const menu = await openUserMenu(page);
    await menu.locator(`a[href="${step.path}"]`).click();
  } else {
    const scope = step.where === 'global' ? globalNav(page) : page.locator('main');
    await scope.locator(`a[href="${step.path}"]:visible`).first().click();
  }
  await expect(page).toHaveURL((url) => url.pathname === step.path);
  await pageShown(page);
  // A refusal would have moved on by the time the page shows its heading.
  await expect(page).toHaveURL((url) => url.pathname === step.path);
}

/**
 * The pages the server's menu offers the signed-in person, as the profile lists them: those
 * they may open, less those that would only say the page is not for them (a Trial member's
 * dashboard), which the navigation must not offer.
 */
async function pagesOf(page: Page): Promise<string[]> {
  const profile = await page.evaluate(async () => {
    const response = await fetch('/api/auth/profile', { headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } });
    return (await response.json()) as { pages: string[]; menu: string[] };
  });
  for (const offered of profile.menu) expect(profile.pages, `${offered} is offered and may be opened`).toContain(offered);
  return profile.menu;
}

for (const persona of PERSONAS) {
  test(`${persona} reaches every page the menu offers within two clicks of any page`, async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, persona);
    const destinations = (await pagesOf(page)).filter((path) => !path.includes(':') && !path.includes('*') && !NOT_DESTINATIONS.has(path));
    expect(destinations.length).toBeGreaterThan(0);

    // The bar, the footer and the user menu are the same on every page: one click, or two for
    // the menu. A page one click away adds its own links as second clicks.
    await page.goto('/privacy-policy');
    await pageShown(page);
    const oneClick = new Set(await linksIn(globalNav(page)));
    const menu = await openUserMenu(page);
    const inMenu = new Set(await linksIn(menu));
    await page.keyboard.press('Escape');

    const routes = new Map<string, Step[]>();
    for (const path of destinations) {
      if (oneClick.has(path)) routes.set(path, [{ where: 'global', path }]);
      else if (inMenu.has(path)) routes.set(path, [{ where: 'menu', path }]);
    }
    for (const first of oneClick) {
      if (destinations.every((path) => routes.has(path))) break;
      if (!destinations.includes(first) && !['/', '/news', '/shop', '/privacy-policy'].includes(first)) continue;
      await page.goto(first);
      await pageShown(page);
      for (const second of await linksIn(page.locator('main'))) {
        if (destinations.includes(second) && !routes.has(second)) routes.set(second, [{ where: 'global', path: first }, { where: 'main', path: second }]);
      }
    }
    const unreachable = destinations.filter((path) => !routes.has(path));
    expect(unreachable, `${persona} cannot reach these pages within two clicks`).toEqual([]);

    // Then each route is followed with real clicks, each from wherever the last one ended.
    await page.goto('/');
    for (const path of destinations) {
      for (const step of routes.get(path) ?? []) await click(page, step);
    }
  });
}

test('a long user menu reaches its last entry on a short window', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 560 });
  await signIn(page, 'comite');
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Ver Aplicaciones' }).or(menu.getByRole('menuitem', { name: 'Mensajes de contacto' })).first().click();
  await expect(page).toHaveURL(/\/admin\/(contact-messages|artist-applications)$/);
});
