import { expect, test, type Locator, type Page } from './fixtures';
import { dialogShot, settled, shot, signIn } from './helpers';

const DAY_MS = 24 * 3_600_000;

/** The row of the initiatives table that links to the initiative. */
function initiativeRow(page: Page, title: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

/** Opens /legislative on a body (SCJN by default) and waits for its initiatives. */
async function openLegislative(page: Page, search = ''): Promise<void> {
  await page.goto(`/legislative${search}`);
  await expect(page.getByRole('heading', { name: 'Sistema Legislativo' })).toBeVisible();
  await expect(page.locator('.initiatives-table .ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
}

/** How far the page overflows the window sideways, in px (0 or less: it fits). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The browser's date today as YYYY-MM-DD (the agenda dialog's default). */
function browserToday(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
}

test.describe.serial('legislative system', () => {
  const title = `Ley de Movilidad Urbana ${Date.now()}`;
  const summary =
    'Ordena el transporte público del servidor: rutas fijas de autobús, paradas señalizadas, tarifas únicas y sanciones a los ' +
    'conductores que bloqueen los carriles exclusivos durante las horas de mayor afluencia.\nEntra en vigor al día siguiente de su aprobación.';
  let initiativePath = '';

  test('comite creates an initiative in SCJN and opens voting for one day', async ({ page }) => {
    test.slow(); // two dialogs, each closing 2 s after its success
    await signIn(page, 'comite');
    await openLegislative(page);
    await expect(page.getByRole('combobox', { name: 'Entidad' })).toBeVisible();
    await expect(page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Entidad' }) })).toContainText('SCJN');
    await expect(page.getByRole('tab', { name: 'Iniciativas' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('columnheader', { name: 'Acciones' })).toBeVisible();

    await page.getByRole('button', { name: 'Nueva Iniciativa' }).click();
    const create = page.getByRole('dialog', { name: 'Nueva Iniciativa' });
    await expect(create).toBeVisible();
    const save = create.getByRole('button', { name: 'Crear Iniciativa' });
    await expect(save).toBeDisabled();
    await create.getByLabel('Título').fill(title);
    await expect(save).toBeDisabled();
    await create.getByLabel('Resumen').fill(summary);
    await expect(save).toBeEnabled();
    await dialogShot(page, 'legislative-new-initiative-desktop');
    await save.click();
    await expect(create.getByText('Iniciativa creada exitosamente')).toBeVisible();
    await expect(create).toBeHidden();

    const row = initiativeRow(page, title);
    await expect(row).toContainText('Pendiente');
    await expect(row).toContainText('Sin votación');
    await expect(row.getByRole('group', { name: 'A favor: 0, En contra: 0, Abstención: 0' })).toBeVisible();
    initiativePath = (await row.getByRole('link', { name: title }).getAttribute('href')) ?? '';
    expect(initiativePath).toMatch(/^\/legislative\/initiatives\/\d+$/);

    await row.getByRole('button', { name: `Configurar Votación: ${title}` }).click();
    const settings = page.getByRole('dialog', { name: 'Configurar Votación' });
    await expect(settings).toBeVisible();
    const end = settings.getByLabel('Fecha y hora de cierre');
    await expect(end).toBeDisabled();
    // A click while the dialog still zooms in can miss the switch.
    await settled(page);
    await settings.getByRole('switch', { name: 'Habilitar votación' }).click();
    await expect(end).toBeEnabled();
    // The default end is one day from now, to the minute, on the community's clock (Mexico City,
    // UTC-6 all year since 2022), whatever the browser's zone.
    const endsIn = await end.evaluate((input: HTMLInputElement) => new Date(`${input.value}:00-06:00`).getTime() - Date.now());
    expect(endsIn).toBeGreaterThan(DAY_MS - 3 * 60_000);
    expect(endsIn).toBeLessThanOrEqual(DAY_MS);
    await dialogShot(page, 'legislative-voting-settings-desktop');
    await settings.getByRole('button', { name: 'Guardar' }).click();
    await expect(settings.getByText('Votación habilitada exitosamente')).toBeVisible();
    await expect(settings).toBeHidden();

    await expect(row).toContainText('En Votación');
    await expect(row).toContainText(/2[34] h \d+ min/);
    // comite holds SCJN_ADMIN, a seat in the SCJN: it may vote too.
    await expect(row.getByRole('button', { name: `Votar: ${title}` })).toBeVisible();
    await shot(page, 'legislative-initiatives-desktop');
  });

  test('ministro votes in favour and sees the vote, in the table and on the initiative page', async ({ page }) => {
    test.slow(); // a dialog closing 2 s after its success, then a second page
    await signIn(page, 'ministro');
    await openLegislative(page);
    await expect(page.getByRole('columnheader', { name: 'Acciones' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Nueva Iniciativa' })).toHaveCount(0);
    const row = initiativeRow(page, title);
    await row.getByRole('button', { name: `Votar: ${title}` }).click();

    const vote = page.getByRole('dialog', { name: 'Emitir Voto' });
    await expect(vote).toBeVisible();
    const submit = vote.getByRole('button', { name: 'Votar' });
    await expect(submit).toBeDisabled();
    await vote.getByRole('radio', { name: 'A favor' }).check();
    await expect(submit).toBeEnabled();
    await dialogShot(page, 'legislative-vote-desktop');
    await submit.click();
    await expect(vote.getByText('Voto registrado exitosamente')).toBeVisible();
    await expect(vote).toBeHidden();

    await expect(row).toContainText('Tu voto: A favor');
    await expect(row.getByRole('button', { name: /Votar/ })).toHaveCount(0);
    await expect(row.getByRole('group', { name: 'A favor: 1, En contra: 0, Abstención: 0' })).toBeVisible();

    await row.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(initiativePath);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.locator('.initiative-text')).toHaveText(summary);
    await expect(page.getByText('Tu voto: A favor')).toBeVisible();
    const history = page.locator('.ant-card').filter({ has: page.getByText('Historial', { exact: true }) });
    await expect(history).toContainText('Creada');
    await expect(history).toContainText('Votación abierta');
    await expect(history).toContainText('comite');
    // Who voted what is for admins only.
    await expect(page.getByText('Votos emitidos')).toHaveCount(0);
    await shot(page, 'legislative-initiative-ministro-desktop');
  });

  test('diputado gets no vote button in SCJN, and the server refuses the vote', async ({ page }) => {
    await signIn(page, 'diputado');
    // A diputado's page opens on the Cámara de Diputados: the SCJN is chosen.
    await openLegislative(page, '?type=SCJN');
    const row = initiativeRow(page, title);
    await expect(row).toContainText('En Votación');
    await expect(row.getByRole('group', { name: 'A favor: 1, En contra: 0, Abstención: 0' })).toBeVisible();
    await expect(row.getByRole('button', { name: /Votar/ })).toHaveCount(0);
    await expect(row).not.toContainText('Tu voto');

    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const refused = await page.request.post(`/api${initiativePath}/vote`, {
      headers: { Authorization: `Bearer ${token ?? ''}` },
      data: { voteType: 'infavor' },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ message: 'No tienes voto en este órgano.' });

    // The refused vote changed nothing.
    await page.reload();
    await expect(initiativeRow(page, title).getByRole('group', { name: 'A favor: 1, En contra: 0, Abstención: 0' })).toBeVisible();
  });

  test('comite sees who voted what on the initiative page', async ({ page }) => {
    await signIn(page, 'comite');
    await page.goto(initiativePath);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    const votes = page.locator('.ant-card').filter({ has: page.getByText('Votos emitidos', { exact: true }) });
    const ministro = votes.getByRole('row').filter({ hasText: 'ministro' });
    await expect(ministro).toContainText('A favor');
    await shot(page, 'legislative-initiative-comite-desktop');
  });

  test("comite adds an agenda point with today's date and deletes it after the confirmation", async ({ page }) => {
    test.slow(); // a dialog closing 2 s after its success, then two confirmations
    const point = `Sesión extraordinaria ${Date.now()}`;
    await signIn(page, 'comite');
    await openLegislative(page);
    await page.getByRole('tab', { name: 'Orden del Día' }).click();
    await expect(page).toHaveURL(/tab=agenda/);
    await expect(page.getByRole('article', { name: 'Sesión ordinaria' })).toBeVisible();

    await page.getByRole('button', { name: 'Nuevo Punto' }).click();
    const create = page.getByRole('dialog', { name: 'Nuevo Punto en la Orden del Día' });
    await expect(create).toBeVisible();
    const today = await browserToday(page);
    await expect(create.getByLabel('Fecha')).toHaveValue(today);
    const save = create.getByRole('button', { name: 'Agregar Punto' });
    await expect(save).toBeDisabled();
    await create.getByLabel('Título').fill(point);
    await create.getByLabel('Descripción').fill('Votación del dictamen sobre movilidad urbana.');
    await expect(save).toBeDisabled();
    await create.getByLabel('Hora').fill('19:30');
    await expect(save).toBeEnabled();
    await dialogShot(page, 'legislative-new-agenda-point-desktop');
    await save.click();
    await expect(create.getByText('Punto de agenda creado exitosamente')).toBeVisible();
    await expect(create).toBeHidden();

    const card = page.getByRole('article', { name: point });
    await expect(card).toContainText('Hoy');
    await expect(card).toContainText('19:30');
    await expect(card).toContainText('Votación del dictamen sobre movilidad urbana.');
    await shot(page, 'legislative-agenda-desktop');

    const question = '¿Estás seguro de que deseas eliminar este punto de la agenda?';
    await card.getByRole('button', { name: `Eliminar: ${point}` }).click();
    const confirm = page.getByRole('dialog', { name: question });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(point);
    await dialogShot(page, 'legislative-delete-agenda-point-desktop');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toBeHidden();
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: `Eliminar: ${point}` }).click();
    await expect(confirm).toBeVisible();
    await settled(page);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Punto de agenda eliminado exitosamente')).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('article', { name: 'Sesión ordinaria' })).toBeVisible();
    await expect(page.getByRole('article', { name: point })).toHaveCount(0);
  });

  test('the legislative pages fit a phone', async ({ page }) => {
    test.slow(); // three pages and a dialog on a small window
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'comite');
    await openLegislative(page);
    // On a phone the initiatives are cards, not a table.
    const card = page.getByRole('list', { name: 'Iniciativas' }).getByRole('listitem', { name: title });
    await expect(card).toContainText('En Votación');
    await expect(card.getByRole('group', { name: 'A favor: 1, En contra: 0, Abstención: 0' })).toBeVisible();
    await expect(card.getByRole('button', { name: `Votar: ${title}` })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'legislative-initiatives-mobile');

    await page.getByRole('button', { name: 'Nueva Iniciativa' }).click();
    const create = page.getByRole('dialog', { name: 'Nueva Iniciativa' });
    await create.getByLabel('Título').fill('Borrador');
    await dialogShot(page, 'legislative-new-initiative-mobile');
    await create.getByRole('button', { name: 'Cancelar' }).click();
    await expect(create).toBeHidden();
    await settled(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('tab', { name: 'Orden del Día' }).click();
    await expect(page.getByRole('article', { name: 'Sesión ordinaria' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'legislative-agenda-mobile');

    await page.goto(initiativePath);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('Votos emitidos')).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'legislative-initiative-mobile');
  });
});

test('a visitor asking for the legislative system is told to sign in', async ({ page }) => {
  await page.goto('/legislative');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Inicia sesión para acceder a todas las funcionalidades del sistema legislativo.' })).toBeVisible();
  await shot(page, 'legislative-login-notice');
});

test('jugador, with no legislative role, is refused the legislative system', async ({ page }) => {
  await signIn(page, 'jugador');
  await page.goto('/legislative');
  await expect(page).toHaveURL(/\/unauthorized$/);
});
