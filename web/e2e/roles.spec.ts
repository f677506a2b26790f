import { expect, test, type Browser, type Locator, type Page } from './fixtures';
import { settled, shot, signIn, openUserMenu } from './helpers';

const JUGADOR_ID = '1400000000000000014';

/** A page of its own, signed in as the persona: another browser, another session. */
async function pageAs(browser: Browser, persona: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 800 } });
  const page = await context.newPage();
  await signIn(page, persona);
  return page;
}

/** The session token the page keeps, as the web app sends it. */
function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('token') ?? '');
}

/** Nothing sticks out sideways once the layout has settled. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}

/** Opens /admin/roles on the treasury panel through the selector. */
async function openTreasuryMatrix(page: Page): Promise<void> {
  await page.goto('/admin/roles');
  await expect(page.getByRole('heading', { name: 'Gestión de Roles y Permisos', level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Lectura de MODERADOR' })).toBeChecked();
  await page.getByRole('radiogroup', { name: 'Panel' }).getByText('Tesorería', { exact: true }).click();
  await expect(page).toHaveURL(/panel=treasury/);
  await expect(page.getByRole('checkbox', { name: 'Lectura de MODERADOR' })).not.toBeChecked();
}

/** Sets a right with its checkbox and waits for the server's answer. */
async function setRight(page: Page, box: Locator, value: boolean): Promise<void> {
  await expect(box).toBeChecked({ checked: !value });
  // A click, not setChecked: the box shows the server's answer, which may come after
  // Playwright's check that the click changed it.
  await box.click();
  await expect(page.getByText('Permisos actualizados correctamente')).toBeVisible();
  await expect(box).toBeEnabled();
  await expect(box).toBeChecked({ checked: value });
}

/** Gives TESORERIA back every right on the treasury panel through the API, whatever the page did. */
async function restoreTesoreria(page: Page): Promise<void> {
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const roles = (await (await page.request.get('/api/roles/roles', { headers })).json()) as { _id: string; name: string }[];
  const tesoreria = roles.find((role) => role.name === 'TESORERIA');
  if (!tesoreria) return;
  await page.request.put('/api/roles/panels/treasury/permissions', {
    headers,
    data: { roleId: tesoreria._id, permissions: { read: true, modify: true, manage: true } },
  });
}

test('comite takes Modificación of the treasury from TESORERIA, finds the change in the audit log, and gives it back', async ({ browser }) => {
  test.slow(); // two sessions, four pages
  const comite = await pageAs(browser, 'comite');
  const tesoreria = await pageAs(browser, 'tesoreria');
  let restored = false;
  try {
    await test.step('comite unticks Modificación for TESORERIA on the treasury panel', async () => {
      await comite.goto('/admin/roles');
      await expect(comite.getByRole('checkbox', { name: 'Gestión de COMITE' })).toBeDisabled();
      await shot(comite, 'roles-desktop');
      await openTreasuryMatrix(comite);
      const locked = comite.getByRole('checkbox', { name: 'Modificación de OFICINA' });
      await expect(locked).toBeChecked();
      await expect(locked).toBeDisabled();
      await setRight(comite, comite.getByRole('checkbox', { name: 'Modificación de TESORERIA' }), false);
      // AUDITOR is a row of its own: it keeps the right.
      await expect(comite.getByRole('checkbox', { name: 'Modificación de AUDITOR' })).toBeChecked();
      await shot(comite, 'roles-treasury-desktop');
    });

    await test.step('tesoreria no longer sees Nueva Venta, and the server refuses a sale', async () => {
      await tesoreria.goto('/treasury');
      await expect(tesoreria.getByRole('heading', { name: 'Tesorería', level: 1 })).toBeVisible();
      await expect(tesoreria.getByRole('list', { name: 'Últimas ventas' })).toBeVisible();
      await expect(tesoreria.getByRole('button', { name: 'Nueva Venta' })).toHaveCount(0);
      const refused = await tesoreria.request.post('/api/treasury/sales', {
        headers: { Authorization: `Bearer ${await tokenOf(tesoreria)}` },
        data: { buyerDiscordId: JUGADOR_ID, item: 'VIP', discount: 0 },
      });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { message?: string }).message).toBeTruthy();
    });

    await test.step('comite finds the change in the audit log, with modify true before and false after', async () => {
      await comite.goto('/security');
      await expect(comite.getByRole('heading', { name: 'Seguridad y Auditoría', level: 1 })).toBeVisible();
      const area = comite.getByRole('combobox', { name: 'Filtrar por área' });
      await settled(comite);
      await area.click();
      await comite.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: /^Permisos$/ }).click();
      const row = comite.locator('tr.audit-row').filter({ hasText: 'Permisos del panel Tesorería' }).first();
      await expect(row).toContainText('Rol TESORERIA');
      await expect(row).toContainText('comite');
      await expect(comite.locator('tr.audit-row').filter({ hasNotText: 'Permisos' })).toHaveCount(0);
      await row.click();
      const diff = comite.getByRole('table', { name: /^Cambios del registro #\d+$/ }).first();
      await expect(diff).toBeVisible();
      const modify = diff.getByRole('row').filter({ hasText: 'Modificación' });
      await expect(modify).toHaveClass(/audit-diff-changed/);
      await expect(modify.locator('td').nth(0)).toHaveText('Sí');
      await expect(modify.locator('td').nth(1)).toHaveText('No');
      await expect(diff.getByRole('row').filter({ hasText: 'Lectura' })).not.toHaveClass(/audit-diff-changed/);
      await shot(comite, 'security-desktop');
    });

    await test.step('comite ticks it back and Nueva Venta returns for tesoreria', async () => {
      await openTreasuryMatrix(comite);
      await setRight(comite, comite.getByRole('checkbox', { name: 'Modificación de TESORERIA' }), true);
      restored = true;
      await tesoreria.reload();
      await expect(tesoreria.getByRole('button', { name: 'Nueva Venta' })).toBeVisible();
    });
  } finally {
    if (!restored) await restoreTesoreria(comite);
    await tesoreria.context().close();
    await comite.context().close();
  }
});

test('the roles and audit pages fit a phone', async ({ browser }) => {
  const page = await pageAs(browser, 'comite', 375);
  await page.goto('/admin/roles?panel=treasury');
  await expect(page.getByRole('checkbox', { name: 'Modificación de TESORERIA' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Panel' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, 'roles-mobile');

  await page.goto('/security');
  // On a phone each entry is a card, with the rows' class.
  const first = page.locator('li.audit-row').first();
  await expect(first).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, 'security-mobile');
  await first.click();
  await expect(page.getByRole('table', { name: /^Cambios del registro #\d+$/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, 'security-mobile-detail');
  await page.context().close();
});

test('a member of the admin group outside the committee is not offered the audit log, and is refused it', async ({ page }) => {
  await signIn(page, 'rh');
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Roles y Permisos' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Seguridad y Auditoría' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/security');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByText('Acceso Denegado')).toBeVisible();
  await expect(page.locator('tr.audit-row')).toHaveCount(0);
  await shot(page, 'security-forbidden-desktop');
});

/** Sets a role's rights on a panel through the API, as comite. */
async function putRights(page: Page, panel: string, roleName: string, permissions: { read: boolean; modify: boolean; manage: boolean }): Promise<void> {
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const roles = (await (await page.request.get('/api/roles/roles', { headers })).json()) as { _id: string; name: string }[];
  const role = roles.find((r) => r.name === roleName);
  expect(role, roleName).toBeDefined();
  const answer = await page.request.put(`/api/roles/panels/${panel}/permissions`, { headers, data: { roleId: role?._id, permissions } });
  expect(answer.status()).toBe(200);
}

test('a right granted on /admin/roles shows its button and its page at the next load, and goes when revoked', async ({ browser }) => {
  test.slow(); // three sessions
  const comite = await pageAs(browser, 'comite');
  const diputado = await pageAs(browser, 'diputado');
  const moderador = await pageAs(browser, 'moderador');
  try {
    await test.step('diputado has no Nueva Iniciativa button, moderador no Tesorería', async () => {
      await diputado.goto('/legislative');
      await expect(diputado.getByRole('tab', { name: 'Orden del Día' })).toBeVisible();
      await expect(diputado.getByRole('button', { name: /Nueva Iniciativa/ })).toHaveCount(0);
      await expect(moderador.locator('header nav').getByRole('link', { name: 'Tesorería' })).toHaveCount(0);
    });

    await test.step('comite ticks Modificación of DIPUTADO on the legislative panel: Lectura comes with it', async () => {
      await comite.goto('/admin/roles?panel=legislative');
      const read = comite.getByRole('checkbox', { name: 'Lectura de DIPUTADO' });
      const modify = comite.getByRole('checkbox', { name: 'Modificación de DIPUTADO' });
      await expect(read).toBeChecked();
      await setRight(comite, modify, true);
      await expect(read).toBeChecked();
      // The next change's confirmation is told apart once this one's has gone.
      await expect(comite.getByText('Permisos actualizados correctamente')).toHaveCount(0);
      await comite.getByRole('radiogroup', { name: 'Panel' }).getByText('Tesorería', { exact: true }).click();
      await setRight(comite, comite.getByRole('checkbox', { name: 'Lectura de MODERADOR' }), true);
    });

    await test.step('at their next load diputado files initiatives and moderador opens the treasury', async () => {
      await diputado.reload();
      await expect(diputado.getByRole('button', { name: /Nueva Iniciativa/ })).toBeVisible();
      await moderador.reload();
      await moderador.locator('header nav').getByRole('link', { name: 'Tesorería' }).click();
      await expect(moderador).toHaveURL(/\/treasury$/);
      await expect(moderador.getByRole('list', { name: 'Últimas ventas' })).toBeVisible();
      await expect(moderador.getByRole('button', { name: /Nueva Venta/ })).toHaveCount(0);
    });

    await test.step('revoked, the button and the page go', async () => {
      await putRights(comite, 'legislative', 'DIPUTADO', { read: true, modify: false, manage: false });
      await putRights(comite, 'treasury', 'MODERADOR', { read: false, modify: false, manage: false });
      await diputado.reload();
      await expect(diputado.getByRole('tab', { name: 'Orden del Día' })).toBeVisible();
      await expect(diputado.getByRole('button', { name: /Nueva Iniciativa/ })).toHaveCount(0);
      await moderador.goto('/treasury');
      await expect(moderador).toHaveURL(/\/unauthorized$/);
    });
  } finally {
    await putRights(comite, 'legislative', 'DIPUTADO', { read: true, modify: false, manage: false });
    await putRights(comite, 'treasury', 'MODERADOR', { read: false, modify: false, manage: false });
  }
});
