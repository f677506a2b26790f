import { expect, test, type Locator, type Page } from './fixtures';
import { shot, signIn } from './helpers';

/** Today in the community's zone (the demo's America/Mexico_City), as YYYY-MM-DD. */
function communityToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/**
 * Runs a slash command on the demo Discord page as a persona, with its options; answers the
 * bot's reply. The page's form names one option; the others go as more name and value pairs.
 */
async function runCommand(page: Page, persona: string, command: string, options: Record<string, string>): Promise<Locator> {
  const form = page.getByRole('form', { name: 'Usar un comando' });
  // The bot registers its commands once it is connected; the page lists them from then on.
  await expect(async () => {
    await page.goto('/demo/discord/');
    await expect(form.locator(`select[name="command"] option[value="${command}"]`)).toHaveCount(1, { timeout: 1_000 });
  }).toPass();
  await form.getByLabel('Persona').selectOption({ label: persona });
  await form.getByLabel('Comando').selectOption(command);
  await form.evaluate((element, pairs) => {
    for (const [name, value] of pairs) {
      for (const [field, text] of [['optionName', name], ['option', value]] as const) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = field;
        input.value = text;
        element.appendChild(input);
      }
    }
  }, Object.entries(options));
  await form.getByRole('button', { name: 'Enviar comando' }).click();
  const answer = page.getByRole('region', { name: 'Respuesta del bot' });
  await expect(answer).toBeVisible();
  return answer;
}

test('a leave asked with /ausencia is approved on the portal and counts on the dashboard quota', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const today = communityToday();
  const reason = `Trámite en el registro civil ${Date.now()}`;
  await signIn(page, 'rh');

  // A bad date is refused in Discord with a clear message, and asks for nothing.
  await expect(await runCommand(page, 'moderador', 'ausencia', { inicio: '31/02/2026', fin: today, motivo: reason })).toContainText(
    'Escribe las fechas como DD/MM/AAAA',
  );
  await expect(await runCommand(page, 'moderador', 'ausencia', { inicio: today, fin: today, motivo: reason })).toContainText(
    'Ausencia pedida del',
  );

  // rh finds it among the pending leaves and approves it.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Ausencias del Staff/ }).click();
  await expect(page.getByRole('heading', { name: 'Ausencias del Staff' })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByText(reason) });
  await expect(row).toBeVisible();
  await shot(page, 'staff-leaves-pending-rh');
  await row.getByRole('button', { name: 'Aprobar la ausencia de moderador' }).click();
  await expect(page.getByText('Ausencia de moderador aprobada.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByLabel('Filtrar por estado').getByText('Aprobadas', { exact: true }).click();
  await expect(page.getByRole('row').filter({ has: page.getByText(reason) }).getByText('Por rh')).toBeVisible();

  // rh raises the moderators' quota on the dashboard; moderador, a day on leave, is under it.
  await page.goto('/dashboard');
  const quota = page.getByRole('region', { name: 'Cuota semanal' });
  await expect(quota).toBeVisible();
  const change = quota.getByRole('button', { name: /^Cambiar la cuota de / }).first();
  const role = ((await change.getAttribute('aria-label')) ?? '').replace('Cambiar la cuota de ', '');
  await change.click();
  await quota.getByLabel(`Horas de ${role}`).fill('40');
  await quota.getByLabel(`Minutos de ${role}`).fill('0');
  await quota.getByRole('button', { name: 'Guardar' }).click();
  await expect(quota.getByLabel(`Cuota de ${role}: 40 h`)).toBeVisible();
  const under = quota.getByRole('list', { name: 'Miembros bajo la cuota' });
  const moderador = under.getByRole('listitem').filter({ has: page.getByText('moderador', { exact: true }) });
  await expect(moderador).toBeVisible();
  await expect(moderador.getByText('1 día de ausencia')).toBeVisible();
  await shot(page, 'dashboard-quota-rh');

  // moderador sees the leave approved on their dashboard, and may not change a quota.
  const context = await browser.newContext();
  const member = await context.newPage();
  await signIn(member, 'moderador');
  await member.goto('/dashboard');
  const mine = member.getByRole('region', { name: 'Mis ausencias' });
  await expect(mine.getByText('Aprobada')).toBeVisible();
  await expect(member.getByRole('region', { name: 'Cuota semanal' }).getByLabel(`Cuota de ${role}: 40 h`)).toBeVisible();
  await expect(member.getByRole('region', { name: 'Cuota semanal' }).getByRole('button', { name: /Cambiar la cuota/ })).toHaveCount(0);
  await context.close();
});
