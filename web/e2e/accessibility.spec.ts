import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { routePaths } from '../scripts/gen-routes.mjs';
import { signIn, withoutLiveStream } from './helpers';

/** Every page path of the web app, as the server's route list is made: a new route is covered here. */
const ROUTES = routePaths(readFileSync(fileURLToPath(new URL('../src/routes.tsx', import.meta.url)), 'utf8'));

/** Who opens each route: a demo persona its guard lets in, or a visitor who is not signed in. */
const VISITOR = 'visitante';
const OPENED_BY: Record<string, string> = {
  '/': VISITOR,
  '/shop': VISITOR,
  '/news': VISITOR,
  '/news/:id': VISITOR,
  '/login': VISITOR,
  '/auth/callback': VISITOR,
  '/unauthorized': VISITOR,
  '/verify/*': VISITOR,
  '/contact': VISITOR,
  '/artist-application': VISITOR,
  '/privacy-policy': VISITOR,
  '/diario-oficial': VISITOR,
  '/records': 'jugador',
  '/documents': 'jugador',
  '/support': 'jugador',
  '/support/tickets/:id': 'jugador',
  '/perfil': 'jugador',
  '/admin/artist-applications': 'revisor',
  '/dashboard': 'moderador',
  '/staff/profile': 'moderador',
  '/staff/stats': 'moderador',
  '/staff/:userId': 'moderador',
  '/staff/ausencias': 'comite',
  '/admin/support': 'moderador',
  '/admin/support/tickets/:id': 'moderador',
  '/treasury': 'tesoreria',
  '/treasury/register': 'tesoreria',
  '/treasury/history': 'tesoreria',
  '/treasury/members': 'tesoreria',
  '/sat/business': 'comite',
  '/admin/news': 'comite',
  '/admin/roles': 'comite',
  '/security': 'comite',
  '/admin/api-keys': 'comite',
  '/admin/deliveries': 'comite',
  '/admin/contact-messages': 'comite',
  '/admin/datos': 'comite',
  '/legislative': 'diputado',
  '/legislative/initiatives/:id': 'diputado',
};

/** moderador's Discord id: a staff member whose record /staff/:userId shows. */
const MODERADOR_ID = '1400000000000000005';

// These pages wait for 'networkidle', which the live stream would hold off for ever.
test.beforeEach(({ context }) => withoutLiveStream(context));

test('every route of the web app has a persona that opens it for the accessibility check', () => {
  expect(ROUTES.filter((route) => !(route in OPENED_BY)), 'routes with no persona in OPENED_BY').toEqual([]);
  expect(Object.keys(OPENED_BY).filter((route) => !ROUTES.includes(route)), 'OPENED_BY names routes that no longer exist').toEqual([]);
});

/** Reports axe's serious and critical findings on the page as it stands (the test goes on to the next page). */
async function expectNoSeriousViolations(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join('\n  ')}`)
    .join('\n');
  expect.soft(serious, `${name}:\n${report}`).toEqual([]);
}

/** Calls the API as the signed-in user of the page (the token lives in localStorage). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const token = localStorage.getItem('token');
    const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.json();
  }, path);
}

/** The address to open for a route: parameters take a real id from the demo data. */
async function addressOf(page: Page, route: string): Promise<string> {
  switch (route) {
    case '/news/:id': {
      const cards = await apiGet<{ _id: string }[]>(page, '/api/news/news-cards');
      expect(cards.length, 'the demo has news').toBeGreaterThan(0);
      return `/news/${cards[0]._id}`;
    }
    case '/legislative/initiatives/:id': {
      const initiatives = await apiGet<{ _id: number }[]>(page, '/api/legislative/initiatives?type=Congreso');
      expect(initiatives.length, 'the demo has a Congreso initiative').toBeGreaterThan(0);
      return `/legislative/initiatives/${initiatives[0]._id}`;
    }
    case '/support/tickets/:id':
    case '/admin/support/tickets/:id': {
      // The member's own tickets, or every ticket for staff: the first one opens.
      const list = await apiGet<{ tickets: { ticketId: string }[] }>(page, '/api/tickets?page=1&limit=1');
      expect(list.tickets.length, 'the demo has tickets').toBeGreaterThan(0);
      return route.replace(':id', list.tickets[0].ticketId);
    }
    case '/staff/:userId':
      return `/staff/${MODERADOR_ID}`;
    case '/verify/*':
      return '/verify';
    default:
      expect(route, 'a route parameter with no real value chosen here').not.toMatch(/[:*]/);
      return route;
  }
}

const personas = [...new Set(Object.values(OPENED_BY))];

for (const persona of personas) {
  const routes = ROUTES.filter((route) => OPENED_BY[route] === persona);
  test(`axe finds no serious or critical violation, and one h1, on the pages of ${persona} in both themes`, async ({ page }) => {
    // Two themes of several pages, each page checked whole by axe.
    test.setTimeout(60_000 + routes.length * 2 * 15_000);
    if (persona === VISITOR) await page.goto('/');
    else await signIn(page, persona);
    for (const theme of ['light', 'dark']) {
      await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
      for (const route of routes) {
        const address = await addressOf(page, route);
        await page.goto(address);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect.soft(page.getByRole('heading', { level: 1 }), `${address}: one h1`).toHaveCount(1);
        await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
        await expectNoSeriousViolations(page, `${address} as ${persona} (${theme})`);
      }
    }
  });
}

test('the skip link is the first stop of the keyboard, and a records search lands focus on its answer', async ({ page }) => {
  await signIn(page, 'jugador');
  await page.goto('/records');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  await page.getByLabel('ID de Discord').fill('1400000000000000014');
  await page.getByLabel('ID de Discord').press('Enter');
  const answer = page.locator(':focus');
  await expect(answer).toHaveAttribute('aria-live', 'polite');
  await expect(answer).not.toBeEmpty();
});
