import { expect, test, type Page } from './fixtures';
import { choose, dialogShot, shot, signIn, signInFromLogin, openUserMenu } from './helpers';

const JUGADOR_DISCORD_ID = '1400000000000000014';
const SEEDED_CHARGE = 'Exceso de velocidad en la avenida principal';

/** The document cards' buttons. */
function documentButtons(page: Page) {
  const ine = page.locator('.document-kind-card').filter({ hasText: 'Identificación Nacional' }).getByRole('button');
  const passport = page.locator('.document-kind-card').filter({ hasText: 'Pasaporte Internacional' }).getByRole('button');
  return { ine, passport };
}

test('jugador creates a national ID, and then may create no passport', async ({ page }) => {
  await signIn(page, 'jugador');
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Sistema de Documentación' })).toBeVisible();
  const { ine, passport } = documentButtons(page);
  await expect(ine).toHaveText(/Crear INE|Ya tienes INE|Ya tienes Pasaporte/);

  // Another run against the same database may have issued it already.
  if ((await ine.innerText()).includes('Crear INE')) {
    await expect(passport).toBeEnabled();
    await shot(page, 'documents-jugador');
    await ine.click();
    const dialog = page.getByRole('dialog', { name: 'Identificación Nacional' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Crear INE' }).click();
    await expect(dialog.getByText('La fecha de nacimiento es obligatoria')).toBeVisible();
    await expect(dialog.getByText('El estado es obligatorio')).toBeVisible();

    await dialog.getByLabel('Nombre de Roblox').fill('JugadorMX');
    await dialog.getByLabel('Nombre', { exact: true }).fill('Juan');
    await dialog.getByLabel('Apellido').fill('Pérez Hernández');
    await choose(page, dialog.getByRole('combobox', { name: 'Estado' }), 'Jalisco', 'Jalisco');
    await dialog.getByLabel('Municipio').fill('Zapopan');
    const birth = dialog.getByLabel('Fecha de Nacimiento');
    await birth.click();
    await birth.fill('14/03/2000');
    await birth.press('Enter');
    await expect(birth).toHaveValue('14/03/2000');
    await expect(dialog.getByLabel('Edad')).toHaveValue(/^\d+ años$/);
    await expect(dialog.getByText('La fecha de nacimiento es obligatoria')).toHaveCount(0);
    await dialogShot(page, 'documents-ine-dialog');

    await dialog.getByRole('button', { name: 'Crear INE' }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole('region', { name: 'Mi documento' }).locator('.document-card');
    await expect(card).toContainText(/INE-\d{4}-\d{4}-\d{4}/);
    await expect(card).toContainText('Jalisco');
    await expect(card).toContainText('Zapopan');
    await expect(card).toContainText('14/03/2000');
  }

  await expect(ine).toBeDisabled();
  await expect(passport).toBeDisabled();
  await expect(ine).toHaveText(/Ya tienes (INE|Pasaporte)/);
  await expect(passport).toHaveText(/Ya tienes (INE|Pasaporte)/);
  await shot(page, 'documents-jugador-with-ine');

  // The server refuses a second document even when asked directly.
  const refused = await page.evaluate(async () => {
    const response = await fetch('/api/documents/pasaporte', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
      body: JSON.stringify({ RobloxName: 'JugadorMX', Nombre: 'Juan', Apellido: 'Pérez', Pais: 'España', FechaNacimiento: '14/03/2000' }),
    });
    return response.status;
  });
  expect(refused).toBe(409);
});

test.describe.serial('criminal records', () => {
  const charge = `Daños a propiedad ajena en el centro ${Date.now()}`;

  test('moderador adds a charge to jugador’s record', async ({ page }) => {
    await signIn(page, 'moderador');
    await page.goto('/records');
    const form = page.locator('.add-charge-card');
    await expect(form.getByText('Agregar cargo').first()).toBeVisible();
    await form.getByLabel('ID de Discord').fill(JUGADOR_DISCORD_ID);
    await form.getByLabel('Descripción del cargo').fill(charge);
    await form.getByRole('button', { name: 'Agregar cargo' }).click();

    const record = page.getByRole('region', { name: 'Expediente' });
    await expect(record.getByRole('cell', { name: new RegExp(charge) })).toBeVisible();
    await expect(record.getByText('Registrado por moderador').first()).toBeVisible();
    await expect(page.getByRole('search').getByLabel('ID de Discord')).toHaveValue(JUGADOR_DISCORD_ID);
  });

  test('jugador finds that charge by his Discord id, and has no form to add one', async ({ page }) => {
    await signIn(page, 'jugador');
    await page.goto('/records');
    await expect(page.getByRole('heading', { name: 'Expedientes Criminales' })).toBeVisible();
    await expect(page.locator('.add-charge-card')).toHaveCount(0);
    const search = page.getByRole('search');
    await search.getByLabel('ID de Discord').fill(JUGADOR_DISCORD_ID);
    const answer = page.waitForResponse((r) => r.url().includes('/api/records/search?'));
    await search.getByRole('button', { name: 'Buscar' }).click();
    expect(new URL((await answer).url()).searchParams.has('robloxUsername')).toBe(false);

    const record = page.getByRole('region', { name: 'Expediente' });
    await expect(record.getByRole('columnheader', { name: 'CARGO' })).toBeVisible();
    await expect(record.getByRole('columnheader', { name: 'FECHA' })).toBeVisible();
    await expect(record.getByRole('cell', { name: new RegExp(charge) })).toBeVisible();
    await expect(record.getByText(/^\d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible();
  });

  test('the seeded record of Halcon_MX is found by Roblox username and downloads as a PDF', async ({ page }) => {
    await signIn(page, 'jugador');
    await page.goto('/records');
    const search = page.getByRole('search');
    await search.getByLabel('Usuario de Roblox').fill('Halcon_MX');
    await search.getByRole('button', { name: 'Buscar' }).click();
    const record = page.getByRole('region', { name: 'Expediente' });
    await expect(record.getByRole('heading', { name: 'Halcon_MX' })).toBeVisible();
    await expect(record.getByRole('cell', { name: new RegExp(SEEDED_CHARGE) })).toBeVisible();
    await shot(page, 'records-halcon');

    const download = page.waitForEvent('download');
    await record.getByRole('button', { name: 'Descargar PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const path = await file.path();
    expect(path).toBeTruthy();

    await search.getByLabel('Usuario de Roblox').fill('Nadie_Conocido_1');
    await search.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByText('No se encontraron expedientes.')).toBeVisible();
  });

  test('the records page fits a 375 px window', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'moderador');
    await page.goto('/records');
    const search = page.getByRole('search');
    await search.getByLabel('Usuario de Roblox').fill('Halcon_MX');
    await search.getByRole('button', { name: 'Buscar' }).click();
    // On a phone the charges are cards, not a table's cells.
    await expect(page.getByRole('region', { name: 'Expediente' }).getByRole('listitem').filter({ hasText: SEEDED_CHARGE })).toBeVisible();
    await shot(page, 'records-halcon-375');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('jugador links his Roblox account through the demo Roblox', async ({ page }) => {
  await page.goto('/verify');
  await expect(page.getByText('Inicia sesión para verificar tu cuenta')).toBeVisible();
  await shot(page, 'verify-logged-out');
  await page.getByRole('button', { name: 'Iniciar sesión con Discord' }).click();
  await expect(page).toHaveURL('/login');
  await signInFromLogin(page, 'jugador');
  await expect(page).toHaveURL('/verify');

  // Another run against the same database may have linked it already.
  await expect(page.getByText(/^(Verifica tu cuenta|Cuenta verificada)$/)).toBeVisible();
  if (await page.getByText('Verifica tu cuenta').isVisible()) {
    await expect(page.getByText('Vincula tu cuenta de Roblox para verificar tu identidad.')).toBeVisible();
    await shot(page, 'verify-start');

    await page.getByRole('button', { name: 'Verificar con Roblox' }).click();
    await expect(page).toHaveTitle('Roblox (demo): authorize Zócalo');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL('/verify/error?reason=denied');
    await expect(page.getByText('La verificación falló')).toBeVisible();
    await expect(page.getByText('Hubo un error al verificar tu cuenta. Inténtalo de nuevo.')).toBeVisible();
    await expect(page.getByText('Cancelaste la autorización en Roblox.')).toBeVisible();
    await shot(page, 'verify-error');
    await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await expect(page).toHaveURL('/verify');

    await page.getByRole('button', { name: 'Verificar con Roblox' }).click();
    await expect(page).toHaveTitle('Roblox (demo): authorize Zócalo');
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await page.getByRole('button', { name: 'Authorize as JugadorMX (Jugador)' }).click();
    await expect(page).toHaveURL('/verify/success');
    await expect(page.getByText('¡Verificación completada!')).toBeVisible();
    await expect(page.getByText('Tu cuenta de Roblox quedó verificada.')).toBeVisible();
    await shot(page, 'verify-success');
    await page.goto('/verify');
  }

  await expect(page.getByText('Cuenta verificada')).toBeVisible();
  await expect(page.getByText('JugadorMX', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Verificada el /)).toBeVisible();
  await shot(page, 'verify-verified');

  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'verify-verified-375');
});

test('Mi Perfil opens the player profile for jugador', async ({ page }) => {
  await signIn(page, 'jugador');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Mi Perfil' }).click();
  await expect(page).toHaveURL('/perfil');
  await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'jugador', exact: true })).toBeVisible();
  await expect(page.getByText(`ID de Discord: ${JUGADOR_DISCORD_ID}`)).toBeVisible();
  for (const section of ['Cuenta de Roblox', 'Tickets abiertos', 'Expediente criminal']) {
    await expect(page.getByText(section, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('columnheader', { name: 'CARGO' })).toBeVisible();
  await shot(page, 'perfil-jugador');

  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'perfil-jugador-375');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('Perfil de Staff opens the staff profile for moderador', async ({ page }) => {
  await signIn(page, 'moderador');
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Claves de API' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Perfil de Staff' }).click();
  await expect(page).toHaveURL('/staff/profile');
});

test('comite issues a game-server API key, sees it once, and revokes it', async ({ page }) => {
  const name = `Servidor de pruebas ${Date.now()}`;
  await signIn(page, 'comite');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Claves de API' }).click();
  await expect(page).toHaveURL('/admin/api-keys');
  await expect(page.getByRole('heading', { name: 'Claves de API' })).toBeVisible();

  await page.getByLabel('Nombre').fill(name);
  await page.getByRole('button', { name: 'Crear clave' }).click();
  await expect(page.getByText('Copia esta clave ahora: no se volverá a mostrar.')).toBeVisible();
  const key = (await page.getByLabel('Clave de API').innerText()).trim();
  expect(key).toMatch(/^zk_/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Activa');
  await expect(row).toContainText('Nunca');
  await expect(row).toContainText('comite');

  // The key works for the game's API until it is revoked.
  const asGame = (secret: string) =>
    page.evaluate(async (k) => (await fetch('/api/integrations/players/Halcon_MX', { headers: { 'X-API-Key': k } })).status, secret);
  expect(await asGame(key)).toBe(200);
  await shot(page, 'api-keys-created');

  await page.reload();
  await expect(page.getByText('Copia esta clave ahora: no se volverá a mostrar.')).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);

  await row.getByRole('button', { name: `Revocar ${name}` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '¿Revocar esta clave de API?' });
  await expect(confirm).toBeVisible();
  await dialogShot(page, 'api-keys-revoke');
  await confirm.getByRole('button', { name: 'Revocar' }).click();
  await expect(row).toContainText('Revocada');
  await expect(row.getByRole('button', { name: `Revocar ${name}` })).toHaveCount(0);
  expect(await asGame(key)).toBe(401);

  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'api-keys-375');
});

test('the documents page and its dialog fit a 375 px window', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'soporte');
  await page.goto('/documents');
  const { ine } = documentButtons(page);
  await expect(ine).toBeEnabled();
  await shot(page, 'documents-375');
  await documentButtons(page).passport.click();
  const dialog = page.getByRole('dialog', { name: 'Pasaporte Internacional' });
  await expect(dialog.getByRole('combobox', { name: 'País' })).toBeVisible();
  await dialogShot(page, 'documents-passport-dialog-375');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
