import { expect, test, type Locator, type Page } from './fixtures';
import { dialogShot, shot, signIn } from './helpers';

/** A duration as the portal writes it: the largest unit and the next one unless it is zero ("49 h", "6 h 59 min", "45 min", "1 min 30 s", "30 s"). */
const DURATION = /(\d+ h(?: \d+ min)?|\d+ min(?: \d+ s)?|\d+ s)/;

/** A duration as the portal writes it, in seconds (the seconds of a length of hours are not written). */
function seconds(text: string): number {
  const match = DURATION.exec(text)?.[1];
  if (!match) throw new Error(`not a duration: ${text}`);
  const unit = (name: string) => Number(new RegExp(`(\\d+) ${name}\\b`).exec(match)?.[1] ?? 0);
  return unit('h') * 3600 + unit('min') * 60 + unit('s');
}

/** The total time on the signed-in staff member's profile, in seconds: shown as a duration, counted to the second by the server. */
async function profileTotal(page: Page): Promise<number> {
  await page.goto('/staff/profile');
  const figure = page.getByRole('group', { name: 'Tiempo total' });
  await expect(figure).toContainText(DURATION);
  return page.evaluate(async () => {
    const answer = await fetch('/api/staff/profile', { headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } });
    return ((await answer.json()) as { TiempoTotal: number }).TiempoTotal;
  });
}

/** Runs a slash command on the demo Discord page as a persona; answers the bot's reply. */
async function runCommand(page: Page, persona: string, command: string, servidor = ''): Promise<Locator> {
  const form = page.getByRole('form', { name: 'Usar un comando' });
  // The bot registers its commands once it is connected; the page lists them from then on.
  await expect(async () => {
    await page.goto('/demo/discord/');
    await expect(form.locator(`select[name="command"] option[value="${command}"]`)).toHaveCount(1, { timeout: 1_000 });
  }).toPass();
  await form.getByLabel('Persona').selectOption({ label: persona });
  await form.getByLabel('Comando').selectOption(command);
  await form.getByLabel('Servidor').selectOption(servidor);
  await form.getByRole('button', { name: 'Enviar comando' }).click();
  const answer = page.getByRole('region', { name: 'Respuesta del bot' });
  await expect(answer).toBeVisible();
  return answer;
}

/** The staff table's row of a member. */
function staffRow(page: Page, username: string): Locator {
  return page.getByRole('region', { name: 'Gestión de Staff' }).getByRole('row').filter({ has: page.getByText(username, { exact: true }) });
}

/** The total time shown in a member's row, in seconds. */
async function rowTotal(row: Locator): Promise<number> {
  return seconds(await row.getByRole('cell').nth(2).innerText());
}

test('a moderator clocks in and out in Discord and sees the time on the profile', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'moderador');
  const before = await profileTotal(page);

  await expect(await runCommand(page, 'moderador', 'turno entrar', 'Principal')).toContainText('Turno iniciado en **Principal**');
  await page.waitForTimeout(2_500);
  await expect(await runCommand(page, 'moderador', 'turno salir')).toContainText('Turno terminado en **Principal**');

  const after = await profileTotal(page);
  expect(after - before).toBeGreaterThanOrEqual(2);
  expect(after - before).toBeLessThan(120);
});

test('rh sees who is on shift now and ends soporte\'s shift', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'rh');
  await expect(await runCommand(page, 'soporte', 'turno entrar', 'Secundario')).toContainText('Turno iniciado en **Secundario**');

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'En turno ahora' });
  const entry = card.getByRole('listitem').filter({ has: page.getByText('soporte', { exact: true }) });
  await expect(entry).toBeVisible();
  await expect(entry.getByText('Secundario')).toBeVisible();
  await expect(entry.getByText(/desde/)).toBeVisible();
  await shot(page, 'dashboard-on-shift-rh');

  await entry.getByRole('button', { name: 'Terminar turno de soporte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Terminar turno' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Motivo').fill('Se olvidó de salir.');
  await dialogShot(page, 'end-shift-dialog-rh');
  await dialog.getByRole('button', { name: 'Terminar turno' }).click();
  await expect(card.getByText('Turno de soporte terminado.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(entry).toHaveCount(0);

  // The shift is over in Discord too.
  await expect(await runCommand(page, 'soporte', 'turno salir')).toContainText('No tienes un turno abierto');
});

test('rh adds 1 h 30 min to a staffer and dismisses another', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'rh');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Panel de Control' })).toBeVisible();

  const halcon = staffRow(page, 'halcon_mx');
  await expect(halcon).toBeVisible();
  const before = await rowTotal(halcon);

  await halcon.getByRole('button', { name: 'Ajustar horas de halcon_mx' }).click();
  const hours = page.getByRole('dialog', { name: 'Ajustar Horas' });
  await expect(hours).toBeVisible();
  await hours.getByLabel('Horas').fill('1');
  await hours.getByLabel('Minutos').fill('30');
  await dialogShot(page, 'hours-dialog-rh');
  await hours.getByRole('button', { name: 'Guardar' }).click();
  await expect(hours.getByText(/^Horas actualizadas\. Nuevo total:/)).toBeVisible();
  await expect(hours).toBeHidden();
  await expect.poll(() => rowTotal(halcon)).toBe(before + 5400);

  const ajolote = staffRow(page, 'ajolote_rp');
  await ajolote.getByRole('button', { name: 'Dar de baja a ajolote_rp' }).click();
  const dismiss = page.getByRole('dialog', { name: 'Dar de Baja' });
  await expect(dismiss).toBeVisible();
  await dismiss.getByLabel('Motivo').fill('Inactividad de más de un mes.');
  await dialogShot(page, 'dismiss-dialog-rh');
  await dismiss.getByRole('button', { name: 'Dar de baja' }).click();
  const table = page.getByRole('region', { name: 'Gestión de Staff' });
  await expect(table.getByText('Baja aplicada: ajolote_rp ya no forma parte del staff.')).toBeVisible();
  await expect(dismiss).toBeHidden();
  // Dismissed members lose their staff roles at once, so the roster no longer lists them.
  await expect(staffRow(page, 'ajolote_rp')).toHaveCount(0);
  await page.reload();
  await expect(staffRow(page, 'halcon_mx')).toBeVisible();
  await expect(staffRow(page, 'ajolote_rp')).toHaveCount(0);
});

test('a Trial member is told the dashboard is not for them', async ({ page }) => {
  await signIn(page, 'trial');
  await page.goto('/dashboard');
  await expect(page.getByText('Acceso No Disponible')).toBeVisible();
  await expect(page.getByText('El panel de control no está disponible para usuarios Trial.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Panel de Control' })).toHaveCount(0);
});

test('Tesorería opening /dashboard lands on /treasury', async ({ page }) => {
  await signIn(page, 'tesoreria');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/treasury');
  await expect(page.getByRole('heading', { name: 'Tesorería', level: 1 })).toBeVisible();
});

/** Fails when the page is wider than the window (something forces a sideways scroll). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const { name, width, height } of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 800 },
]) {
  test(`the staff pages fit a ${name} window`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    for (const persona of ['comite', 'rh', 'moderador']) {
      await signIn(page, persona);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Panel de Control' })).toBeVisible();
      // A director who never clocked in has no hours yet, and is told so.
      await expect(page.getByRole('group', { name: 'Horas totales' })).toContainText(new RegExp(`${DURATION.source}|Sin turnos todavía`));
      await expect(page.getByRole('region', { name: 'Top Moderadores' }).getByRole('listitem').first()).toBeVisible();
      // On a phone the staff are cards; on a desktop, rows under the header row.
      const firstStaffer = name === 'phone' ? page.getByRole('region', { name: 'Gestión de Staff' }).getByRole('listitem').first() : page.getByRole('region', { name: 'Gestión de Staff' }).getByRole('row').nth(1);
      if (persona !== 'moderador') await expect(firstStaffer).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, `dashboard-${persona}-${name}`);
      await page.evaluate(() => localStorage.clear());
    }

    await signIn(page, 'moderador');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Crear Reporte de Jornada/ }).click();
    await expect(page.getByRole('dialog', { name: 'Crear Reporte de Jornada' })).toBeVisible();
    await dialogShot(page, `report-dialog-${name}`);
    await page.keyboard.press('Escape');

    await page.goto('/staff/profile');
    await expect(page.getByRole('group', { name: 'Tiempo total' })).toContainText(new RegExp(`${DURATION.source}|Sin turnos todavía`));
    await expectNoSidewaysScroll(page);
    await shot(page, `staff-profile-${name}`);

    await page.goto('/staff/stats');
    // This week's hours are a chart; its figures, as a table, have a row per day.
    const week = page.getByRole('region', { name: 'Horas de Esta Semana' });
    await expect(week.getByRole('img')).toHaveAttribute('aria-label', /de Lunes a Domingo/);
    await week.getByRole('button', { name: 'Ver datos' }).click();
    await expect(week.getByRole('table').getByRole('row')).toHaveCount(8);
    await expectNoSidewaysScroll(page);
    await shot(page, `staff-stats-${name}`);
  });
}

test('comite finds the security page from the admin panels', async ({ page }) => {
  await signIn(page, 'comite');
  await page.goto('/dashboard');
  await page.getByRole('region', { name: 'Paneles de Administración' }).getByRole('link', { name: 'Seguridad y Auditoría' }).click();
  await expect(page).toHaveURL('/security');
  await expect(page.getByRole('heading', { name: 'Seguridad y Auditoría', level: 1 })).toBeVisible();
  await shot(page, 'security-comite');
});
