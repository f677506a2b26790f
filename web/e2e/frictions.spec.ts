import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from './fixtures';
import { shot, signIn, withoutLiveStream } from './helpers';

// The frictions a player meets on a phone, each as the phone shows it.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** How many lines an element's text is drawn on: one box per line of its text. */
async function linesOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
    return tops.size;
  });
}

/** Whether an element shows all of its text: nothing cut off by an ellipsis. */
async function showsAllItsText(element: Locator): Promise<boolean> {
  return element.evaluate((node) => node.scrollWidth <= node.clientWidth + 1);
}

/** The phone menu (the drawer of the bar), open. */
async function openPhoneMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const drawer = page.getByRole('navigation', { name: 'Menú' });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('Cuota semanal fits a phone: Spanish role names on one line each, member names whole, durations without zero units', async ({ page }) => {
  await signIn(page, 'rh');
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Cuota semanal' });
  const roles = card.getByRole('list', { name: 'Cuota por rol' });
  await expect(roles.getByRole('listitem').first()).toBeVisible();
  // The card's top below the sticky header.
  await card.evaluate((node) => window.scrollTo(0, node.getBoundingClientRect().top + window.scrollY - 72));

  const names = roles.locator('.quota-name');
  expect(await names.allTextContents()).toEqual(['Moderador', 'Trial', 'Soporte Técnico']);
  for (const name of await names.all()) expect(await linesOf(name), `${await name.textContent()} on one line`).toBe(1);

  const under = card.getByRole('list', { name: 'Miembros bajo la cuota' });
  if (await under.isVisible()) {
    for (const member of await under.locator('.quota-member').all()) {
      expect(await showsAllItsText(member), `${await member.textContent()} shown whole`).toBe(true);
      expect(await linesOf(member), `${await member.textContent()} on one line`).toBe(1);
    }
  }
  await expect(card).not.toContainText(/\d+ h 0 min|\d+ min 0 s/);
  await expect(page.getByRole('main')).not.toContainText(/\d+ h 0 min 0 s/);
  await shot(page, 'frictions-quota-390', { fullPage: false });
});

test('/security on a phone gives every <dd> its <dt>: axe finds no definition-list fault, nor any serious one', async ({ page, context }) => {
  await withoutLiveStream(context);
  await signIn(page, 'comite');
  await page.goto('/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Seguridad y Auditoría' })).toBeVisible();
  await expect(page.locator('.responsive-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(results.violations.map((v) => v.id)).not.toContain('definition-list');
  expect(await page.locator('dl > dd, dl > :not(div)').count()).toBe(0);
  await shot(page, 'frictions-security-390', { fullPage: false });
});

test('Trial: the phone menu offers no Dashboard, and the dashboard typed in has its h1', async ({ page }) => {
  await signIn(page, 'trial');
  const menu = await openPhoneMenu(page);
  await expect(menu.getByText('Panel de Soporte')).toBeVisible();
  await expect(menu.getByText('Dashboard', { exact: true })).toHaveCount(0);
  await shot(page, 'frictions-trial-menu-390', { fullPage: false });
  await page.keyboard.press('Escape');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Acceso No Disponible' })).toBeVisible();
  await page.goto('/staff/stats');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('button', { name: /Volver al Dashboard/ })).toHaveCount(0);
  // Nothing counted yet: words, not "0.0 / 5".
  await expect(page.getByRole('group', { name: 'Calificación' })).toContainText('Sin calificaciones todavía');
  await expect(page.getByRole('main')).not.toContainText('0.0 / 5');
  await shot(page, 'frictions-trial-stats-390');
});

test('a ticket just created is at its own address, which reloads; its answer is marked on the list and named by the badge', async ({ page, browser }) => {
  const title = `Dirección propia ${Date.now()}`;
  await signIn(page, 'jugador');
  await page.goto('/support');
  await page.getByRole('button', { name: 'Nuevo Ticket' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo Ticket de Soporte' });
  await form.getByLabel('Título').fill(title);
  await form.getByLabel('Mensaje').fill('Se cierra el juego al entrar.');
  await form.getByRole('button', { name: 'Crear Ticket' }).click();

  await expect(page).toHaveURL(/\/support\/tickets\/\d+$/);
  const ticketId = /\/support\/tickets\/(\d+)$/.exec(page.url())?.[1] ?? '';
  await expect(page.getByRole('dialog', { name: `Ticket #${ticketId}` }).getByRole('heading', { name: title })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('dialog', { name: `Ticket #${ticketId}` }).getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('dialog', { name: `Ticket #${ticketId}` }).getByRole('button', { name: 'Cerrar' }).click();
  await expect(page).toHaveURL(/\/support$/);

  // Staff answer it from another browser.
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'moderador');
  const status = await staff.evaluate(async (id) => {
    const form = new FormData();
    form.set('message', 'Reinstala el juego, por favor.');
    const answer = await fetch(`/api/tickets/${id}/messages`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return answer.status;
  }, ticketId);
  expect(status).toBe(201);

  await page.reload();
  const row = page.getByRole('listitem', { name: `Abrir ticket #${ticketId}: ${title} (respuesta nueva)` });
  await expect(row).toBeVisible();
  await expect(row.getByText('Respuesta nueva')).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^Soporte: \\d+ tickets? con respuestas sin leer: .*#${ticketId}\\b`) })).toBeVisible();
  await shot(page, 'frictions-unread-390', { fullPage: false });

  await row.click();
  await expect(page.getByRole('dialog', { name: `Ticket #${ticketId}` }).getByText('Reinstala el juego, por favor.')).toBeVisible();
  await expect(page.getByRole('listitem', { name: `Abrir ticket #${ticketId}: ${title}` })).toBeAttached();
});

test('the ticket tabs are named in Spanish for a screen reader, never "Tab 1 of N"', async ({ page }) => {
  await signIn(page, 'jugador');
  await page.goto('/support');
  // A tab list of its own (components/FilterTabs.tsx): the reader says each tab's place from it, in its own language.
  const tabs = page.getByRole('tablist', { name: 'Estado de los tickets' });
  const first = tabs.getByRole('tab').first();
  await expect(first).toBeVisible();
  const label = (await first.textContent())?.trim() ?? '';
  await first.focus();
  await expect(page.getByText(/Tab \d+ of \d+/)).toHaveCount(0);
  await expect(tabs.getByRole('tab', { name: label, exact: true, selected: true })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab').nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tabs.getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true');
});

test('/verify is Spanish under its Spanish title and lang', async ({ page }) => {
  await page.goto('/verify');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle(/Verificación de Roblox/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión para verificar tu cuenta' })).toBeVisible();
  await expect(page.locator('main [lang]')).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(/Please|Verify|Login/);
  await shot(page, 'frictions-verify-390', { fullPage: false });
});

test('the treasury says MXN, and the buyer of a sale is found by name', async ({ page }) => {
  await signIn(page, 'tesoreria');
  await page.goto('/treasury');
  await expect(page.getByRole('group', { name: 'Ingresos del Mes' })).toContainText('MXN');
  await page.getByRole('button', { name: 'Nueva Venta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Venta' });
  const buyer = dialog.getByRole('combobox', { name: 'Comprador' });
  await buyer.click();
  await buyer.pressSequentially('jug');
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '@jugador' });
  await expect(option).toBeVisible();
  await shot(page, 'frictions-buyer-search-390', { fullPage: false });
  await option.click();
  await expect(dialog).toContainText('@jugador · ID …0014');
});

test('the server cards are all in Spanish', async ({ page }) => {
  await page.goto('/');
  const servers = page.locator('section', { has: page.getByRole('heading', { name: 'Servidores' }) });
  await expect(servers.getByText('En línea', { exact: true })).toHaveCount(1);
  await expect(servers).not.toContainText(/Online|Offline/);
});
