import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { shot, signIn } from './helpers';

/** Fails on any serious or critical axe violation of the page as it stands. */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Fails when the page is wider than the window (something forces a sideways scroll). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('rh opens a staffer’s record from the dashboard, adds a warning and sees it listed', async ({ page }) => {
  await signIn(page, 'rh');
  await page.goto('/dashboard');
  const table = page.getByRole('region', { name: 'Gestión de Staff' });
  await table.getByRole('link', { name: 'Ver expediente de quetzal' }).click();
  await expect(page).toHaveURL(/\/staff\/1400000000000000103$/);
  await expect(page.getByRole('heading', { name: 'Expediente de staff: quetzal' })).toBeVisible();
  await expect(page.getByText('Activo', { exact: true })).toBeVisible();

  const text = `No respondió tickets asignados (${Date.now()}).`;
  const form = page.getByRole('region', { name: 'Registrar nota o advertencia' });
  await form.getByText('Advertencia', { exact: true }).click();
  await form.getByLabel('Texto de la advertencia').fill(text);
  await form.getByRole('button', { name: 'Registrar advertencia' }).click();
  await expect(form.getByRole('status')).toHaveText('Advertencia registrada.');
  await expect(form.getByLabel('Texto de la advertencia')).toHaveValue('');

  const warnings = page.getByRole('region', { name: 'Advertencias' });
  const first = warnings.getByRole('listitem').first();
  await expect(first).toContainText(text);
  await expect(first).toContainText('Aplicada por rh');
  // Checked at rest: the pointer off the button it just pressed.
  await page.mouse.move(0, 0);
  await shot(page, 'staff-record-rh');
  await expectAccessible(page);

  // Read again from the server, the warning is still there, newest first.
  await page.reload();
  await expect(warnings.getByRole('listitem').first()).toContainText(text);
});

test('a staffer’s record fits a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'rh');
  await page.goto('/staff/1400000000000000101');
  await expect(page.getByRole('heading', { name: 'Expediente de staff: halcon_mx' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Advertencias' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('a moderator opening a record is refused it', async ({ page }) => {
  await signIn(page, 'moderador');
  await page.goto('/staff/1400000000000000101');
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByText('Acceso Denegado')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Advertencias' })).toHaveCount(0);
});
