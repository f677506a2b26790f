import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from './fixtures';
import { choose, dialogShot, settled, shot, signIn } from './helpers';

const JUGADOR_ID = '1400000000000000014';

interface RegisteredSale {
  id: string;
  finalPrice: string;
}

/** On /treasury, registers a sale through 'Nueva Venta'; the dialog shows the prices live and closes after the success. */
async function registerSale(page: Page, item: string, itemLabel: string, discount: number, finalPrice: string, screenshot?: string): Promise<RegisteredSale> {
  await page.goto('/treasury');
  await expect(page.getByRole('heading', { name: 'Tesorería', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva Venta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Venta' });
  await expect(dialog).toBeVisible();
  // The buyer is found by name, not typed as a 19-digit id.
  const buyer = dialog.getByRole('combobox', { name: 'Comprador' });
  await buyer.click();
  await buyer.pressSequentially('jugador');
  const found = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: `@jugador · ID …${JUGADOR_ID.slice(-4)}` });
  await expect(found).toBeVisible();
  await settled(page);
  await found.click();
  await expect(buyer).toHaveAttribute('aria-expanded', 'false');
  await choose(page, dialog.getByRole('combobox', { name: 'Artículo' }), itemLabel, item);
  await dialog.getByRole('spinbutton', { name: /Descuento/ }).fill(String(discount));
  await expect(dialog.getByRole('group', { name: 'Precio final' })).toContainText(finalPrice);
  if (screenshot) await dialogShot(page, screenshot);
  await dialog.getByRole('button', { name: 'Registrar Venta' }).click();

  const success = dialog.getByRole('alert').filter({ hasText: 'Venta registrada exitosamente' });
  await expect(success).toBeVisible();
  const text = (await success.textContent()) ?? '';
  const id = /Venta #(\d+)/.exec(text)?.[1];
  expect(id, text).toBeDefined();
  // The item is named by its Spanish label, the part of the option before the key.
  const label = itemLabel.split(' · ')[0]?.replace(/ \([A-Z0-9_]+\)$/, '');
  expect(text).toContain(`${label} para jugador, ${finalPrice}`);
  await expect(dialog).toBeHidden();
  return { id: id as string, finalPrice };
}

/** The history's first row, once the table has loaded. */
async function firstHistoryRow(page: Page): Promise<Locator> {
  await page.goto('/treasury/history');
  await expect(page.getByRole('heading', { name: 'Historial de Ventas' })).toBeVisible();
  const row = page.locator('tr.sale-row').first();
  await expect(row).toBeVisible();
  return row;
}

/** A page of its own, signed in as the persona: another browser, another session. */
async function pageAs(browser: Browser, persona: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, persona);
  return page;
}

test('tesoreria registers a sale with 20 % off and finds it first in the history, and exports it', async ({ page }) => {
  test.slow(); // a sale through the dialog, the history and a download
  await signIn(page, 'tesoreria');
  await page.goto('/treasury');
  await expect(page.getByRole('list', { name: 'Últimas ventas' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Miembros de tesorería' })).toBeVisible();
  await shot(page, 'treasury-panel-desktop');
  const registered = await registerSale(page, 'PAQUETE2_LEGAL', 'Paquete 2 Legal (PAQUETE2_LEGAL) · $140.00 MXN', 20, '$112.00', 'treasury-new-sale-desktop');

  const row = await firstHistoryRow(page);
  await expect(row).toContainText(`#${registered.id}`);
  await expect(row).toContainText('Paquete 2 Legal');
  await expect(row).toContainText('jugador');
  await expect(row).toContainText('$140.00');
  await expect(row).toContainText('20 %');
  await expect(row).toContainText('$112.00');
  await expect(row).toContainText('Vigente');
  await shot(page, 'treasury-history-desktop');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('ventas.csv');
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv).toContain(`${registered.id},`);
  expect(csv).toContain(`jugador,${JUGADOR_ID},PAQUETE2_LEGAL,MXN,140.00,20.00,112.00,tesoreria,false`);
});

test('auditor sees the same history as tesoreria, and may void a sale', async ({ browser }) => {
  test.slow(); // two sessions: tesoreria registers a sale, auditor finds and voids it
  const tesoreria = await pageAs(browser, 'tesoreria');
  const registered = await registerSale(tesoreria, 'VIP', 'VIP · $90.00 MXN', 20, '$72.00');
  const theirs = await firstHistoryRow(tesoreria);
  await expect(theirs).toContainText(`#${registered.id}`);
  const tesoreriaRows = await tesoreria.locator('tr.sale-row').allTextContents();
  await tesoreria.context().close();

  const page = await pageAs(browser, 'auditor');
  const row = await firstHistoryRow(page);
  await expect(row).toContainText(`#${registered.id}`);
  await expect(row).toContainText('VIP');
  await expect(row).toContainText('$72.00');
  const auditorRows = await page.locator('tr.sale-row').allTextContents();
  expect(auditorRows.map((text) => text.replace(/Anular$/, ''))).toEqual(tesoreriaRows.map((text) => text.replace(/Anular$/, '')));

  await row.getByRole('button', { name: `Anular venta #${registered.id}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Anular Venta' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Venta de prueba registrada dos veces');
  await dialog.getByRole('button', { name: 'Anular Venta' }).click();
  await expect(page.getByText('Venta anulada exitosamente')).toBeVisible();
  await expect(row).toContainText('Anulada');
  await expect(row).toContainText('Venta de prueba registrada dos veces');
  await expect(row).toHaveClass(/sale-row-voided/);
  await page.context().close();
});

test('the treasury panel and history fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'tesoreria');
  await page.goto('/treasury');
  await expect(page.getByRole('list', { name: 'Últimas ventas' })).toBeVisible();
  await shot(page, 'treasury-panel-mobile');
  await page.getByRole('button', { name: 'Nueva Venta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Venta' });
  await choose(page, dialog.getByRole('combobox', { name: 'Artículo' }), 'Pase (PASE) · 550 Robux', 'PASE');
  await dialog.getByRole('spinbutton', { name: /Descuento/ }).fill('10');
  await expect(dialog.getByRole('group', { name: 'Precio final' })).toContainText('495 Robux');
  await dialogShot(page, 'treasury-new-sale-mobile');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/treasury/history');
  const cards = page.getByRole('list', { name: 'Ventas' });
  await expect(cards.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'treasury-history-mobile');
});

/** An RFC no other run has used: 3 letters, today as YYMMDD and 3 characters from the clock. */
function uniqueRfc(): string {
  const now = new Date();
  const yymmdd = [now.getFullYear() % 100, now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('');
  const tail = Date.now().toString(36).slice(-3).toUpperCase().padStart(3, '0');
  return `ZOC${yymmdd}${tail}`;
}

const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('comite registers a business with a PDF and sees its card', async ({ page }) => {
  const name = `Panadería La Espiga ${Date.now()}`;
  const rfc = uniqueRfc();
  await signIn(page, 'comite');
  await page.goto('/sat/business');
  await expect(page.getByRole('heading', { name: 'Panel SAT' })).toBeVisible();
  await expect(page.getByText('Sistema de Administración de Negocios')).toBeVisible();
  await page.getByRole('button', { name: 'Registrar Nuevo Negocio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar Nuevo Negocio' });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Nombre del negocio').fill(name);
  await choose(page, dialog.getByLabel('Servidor'), 'Eventos');
  await dialog.getByLabel('Ubicación').fill('Calle Hidalgo 8, Centro');
  await dialog.getByLabel('RFC').fill(rfc.toLowerCase());
  await dialog.getByLabel('Nombre del dueño').fill('Paula Espinoza');
  await dialog.getByLabel('ID de Discord del dueño').fill(JUGADOR_ID);
  await dialog.locator('.business-file-picker input[type="file"]').first().setInputFiles({
    name: 'acta-e2e.pdf',
    mimeType: 'application/pdf',
    buffer: SMALL_PDF,
  });
  await expect(dialog.getByText('acta-e2e.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Registrar Negocio' }).click();
  await expect(dialog.getByText('Negocio registrado exitosamente')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Calle Hidalgo 8, Centro');
  await expect(card).toContainText('Servidor Eventos');
  await expect(card).toContainText('Activo');
  await expect(card.getByRole('img', { name: `Logo de ${name}` })).toHaveAttribute('src', '/business-default.svg');
  // comite does not hold DIPUTADO: the registry leaves out the RFC and the owner.
  await expect(card).not.toContainText(rfc);
  await expect(card.getByRole('group', { name: 'Dueño' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: /^Descargar\s*acta-e2e\.pdf/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('acta-e2e.pdf');
  expect(readFileSync(await file.path()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('oficina, who holds DIPUTADO, sees the RFC and the owner', async ({ page }) => {
  await signIn(page, 'oficina');
  await page.goto('/sat/business');
  const card = page.getByRole('article', { name: 'Tacos El Halcón' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('RFC: TEH240115AB1');
  await expect(card.getByRole('group', { name: 'Dueño' })).toContainText('Héctor Salgado');
  await expect(card.getByRole('button', { name: /^Descargar\s*acta-constitutiva\.pdf/ })).toBeVisible();
  await shot(page, 'sat-oficina-desktop');
  await page.getByRole('button', { name: 'Registrar Nuevo Negocio' }).click();
  await expect(page.getByRole('dialog', { name: 'Registrar Nuevo Negocio' })).toBeVisible();
  await dialogShot(page, 'sat-register-desktop');
  await page.getByRole('dialog', { name: 'Registrar Nuevo Negocio' }).getByRole('button', { name: 'Cancelar' }).click();
  // The closing dialog is as wide as the desktop until its animation ends.
  await expect(page.getByRole('dialog', { name: 'Registrar Nuevo Negocio' })).toBeHidden();

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(card).toBeVisible();
  // Once the layout has settled at the new width, nothing sticks out sideways.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
  await shot(page, 'sat-oficina-mobile');
  await page.getByRole('button', { name: 'Registrar Nuevo Negocio' }).click();
  await expect(page.getByRole('dialog', { name: 'Registrar Nuevo Negocio' })).toBeVisible();
  await dialogShot(page, 'sat-register-mobile');
});
