import { expect, test, type Page } from './fixtures';
import { settled, shot, signIn } from './helpers';

/** Tables of rows: a description list (a document's fields) is drawn as a table too, and fits a phone. */
const DATA_TABLES = 'main :not(.ant-descriptions-view) > table';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** What a finger may press: measured on the element that takes the touch (a checkbox's label, a select's box). */
const INTERACTIVE = [
  'a[href]',
  'button',
  '[role="button"]',
  '[role="tab"]',
  'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"])',
  '.ant-select',
  '.ant-checkbox-wrapper',
  '.ant-radio-wrapper',
  '.ant-pagination-item',
  '[tabindex="0"]',
].join(', ');

/** The least height of a touch target, less half a pixel for rounding. */
const MIN_TOUCH_PX = 43.5;

interface Target {
  what: string;
  top: number;
  left: number;
  width: number;
  height: number;
}

/** The visible touch targets under `root` (the whole page when null), with where they are. */
async function touchTargets(page: Page, root: string | null): Promise<Target[]> {
  return page.evaluate(
    ({ selector, rootSelector }) => {
      const scope = rootSelector ? document.querySelector(rootSelector) : document.body;
      if (!scope) return [];
      // Inputs inside a composite control are measured by the control's own box.
      const measuredByParent = '.ant-select input, .ant-input-affix-wrapper input, .ant-picker input, .ant-input-number input, .ant-float-btn, .ant-float-btn *';
      return Array.from(scope.querySelectorAll<HTMLElement>(selector))
        .filter((element) => !element.matches(measuredByParent) && !element.closest('[aria-hidden="true"]') && element.checkVisibility({ visibilityProperty: true }))
        .map((element) => {
          const rect = element.getBoundingClientRect();
          const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
          return { what: `${element.tagName.toLowerCase()}.${Array.from(element.classList).slice(0, 2).join('.')} "${name}"`, top: rect.top, left: rect.left, width: rect.width, height: rect.height };
        })
        .filter((target) => target.width > 0 && target.height > 0);
    },
    { selector: INTERACTIVE, rootSelector: root },
  );
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page is wider than the phone').toBeLessThanOrEqual(0);
}

async function expectFingerSizedTargets(page: Page): Promise<void> {
  const small = (await touchTargets(page, 'main')).filter((target) => target.height < MIN_TOUCH_PX);
  expect(small.map((target) => `${target.what}: ${Math.round(target.height)} px`), 'touch targets under 44 px').toEqual([]);
}

/** Scrolls to the end of the page and fails if the floating support button covers anything one may press. */
async function expectSupportButtonCoversNothing(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight)).toBe(true);
  const button = await page.locator('.ant-float-btn').boundingBox();
  expect(button, 'the support button').not.toBeNull();
  if (!button) return;
  expect(button.height).toBeGreaterThanOrEqual(MIN_TOUCH_PX);
  const covered = (await touchTargets(page, null)).filter(
    (target) =>
      target.left < button.x + button.width && target.left + target.width > button.x && target.top < button.y + button.height && target.top + target.height > button.y,
  );
  expect(covered.map((target) => target.what), 'controls under the support button').toEqual([]);
}

/** Waits for the page's data: no skeleton nor spinner left in the content. */
async function loaded(page: Page): Promise<void> {
  await expect(page.locator('main .ant-skeleton, main .ant-spin-spinning')).toHaveCount(0);
  await settled(page);
}

async function checkPage(page: Page, name: string): Promise<void> {
  await loaded(page);
  await expectNoSidewaysScroll(page);
  await expectFingerSizedTargets(page);
  await shot(page, `phone-${name}`);
  await expectSupportButtonCoversNothing(page);
}

const PAGES: { persona: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  { persona: 'jugador', path: '/support', ready: (page) => expect(page.getByRole('tab', { name: /Abiertos|Todos/ }).first()).toBeVisible() },
  { persona: 'jugador', path: '/perfil', ready: (page) => expect(page.getByText('Expediente criminal', { exact: true })).toBeVisible() },
  { persona: 'soporte', path: '/admin/support', ready: (page) => expect(page.getByRole('tab').first()).toBeVisible() },
  { persona: 'comite', path: '/dashboard', ready: (page) => expect(page.getByRole('region', { name: 'Gestión de Staff' }).getByRole('listitem').first()).toBeVisible() },
  { persona: 'comite', path: '/staff/1400000000000000101', ready: (page) => expect(page.getByRole('region', { name: 'Advertencias' })).toBeVisible() },
  { persona: 'tesoreria', path: '/treasury', ready: (page) => expect(page.getByRole('heading').first()).toBeVisible() },
  { persona: 'tesoreria', path: '/treasury/history', ready: (page) => expect(page.getByRole('heading').first()).toBeVisible() },
  { persona: 'tesoreria', path: '/treasury/members', ready: (page) => expect(page.getByRole('heading').first()).toBeVisible() },
  { persona: 'comite', path: '/security', ready: (page) => expect(page.getByRole('list').first()).toBeVisible() },
  { persona: 'comite', path: '/admin/api-keys', ready: (page) => expect(page.getByRole('heading').first()).toBeVisible() },
  { persona: 'comite', path: '/admin/contact-messages', ready: (page) => expect(page.getByRole('heading').first()).toBeVisible() },
  { persona: 'comite', path: '/admin/datos', ready: (page) => expect(page.getByRole('button', { name: /^Aprobar la solicitud de/ }).first()).toBeVisible() },
  { persona: 'revisor', path: '/admin/artist-applications', ready: (page) => expect(page.getByRole('heading').first()).toBeVisible() },
  { persona: 'comite', path: '/admin/roles', ready: (page) => expect(page.getByRole('checkbox').first()).toBeVisible() },
  { persona: 'comite', path: '/admin/deliveries', ready: (page) => expect(page.getByRole('heading').first()).toBeVisible() },
  { persona: 'diputado', path: '/legislative', ready: (page) => expect(page.getByRole('heading').first()).toBeVisible() },
];

for (const { persona, path, ready } of PAGES) {
  test(`${path} reads and works on a phone, as ${persona}`, async ({ page }) => {
    await signIn(page, persona);
    await page.goto(path);
    await ready(page);
    await expect(page.locator(DATA_TABLES)).toHaveCount(path === '/admin/roles' ? 1 : 0);
    await checkPage(page, path.slice(1).replaceAll('/', '-'));
  });
}

test('a charge record found on /records is a list of cards on a phone', async ({ page }) => {
  await signIn(page, 'jugador');
  await page.goto('/records');
  const search = page.getByRole('search');
  await search.getByLabel('Usuario de Roblox').fill('Halcon_MX');
  await search.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('region', { name: 'Expediente' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.locator(DATA_TABLES)).toHaveCount(0);
  await checkPage(page, 'records');
});

test('an initiative’s votes read on a phone', async ({ page }) => {
  // The votes cast are for the chamber's office.
  await signIn(page, 'oficina');
  await page.goto('/legislative?type=SCJN');
  const link = page.locator('main a[href^="/legislative/initiatives/"]').first();
  await expect(link).toBeVisible();
  await page.goto((await link.getAttribute('href')) ?? '/legislative');
  await expect(page.getByText('Votos emitidos')).toBeVisible();
  await checkPage(page, 'initiative');
});

test('the ticket conversation fills the phone’s screen, and its reply box stays in reach', async ({ page }) => {
  await signIn(page, 'jugador');
  await page.goto('/support');
  await page.getByRole('button', { name: 'Nuevo Ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Ticket de Soporte' });
  await dialog.getByLabel('Título').fill(`Mi coche desapareció ${Date.now()}`);
  await dialog.getByLabel('Mensaje').fill('Lo dejé frente al ayuntamiento y ya no está.');
  await dialog.locator('button[type="submit"]').click();
  const conversation = page.getByRole('dialog', { name: /^Ticket #/ });
  await expect(conversation.getByRole('list', { name: 'Conversación' })).toBeVisible();
  await settled(page);
  const box = await page.locator('.ticket-dialog .ant-modal-container').boundingBox();
  expect(box).toEqual({ x: 0, y: 0, width: 360, height: 740 });
  const reply = conversation.getByRole('textbox', { name: 'Respuesta' });
  await expect(reply).toBeInViewport();
  await shot(page, 'phone-ticket-dialog', { fullPage: false });
  await expectNoSidewaysScroll(page);
});
