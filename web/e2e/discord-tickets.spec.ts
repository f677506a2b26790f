import { expect, test, type Locator, type Page } from './fixtures';
import { shot, signIn } from './helpers';

const DEMO_DISCORD = '/demo/discord/';
const TITLE = `Me saca del servidor ${Date.now()}`;
const DESCRIPTION = 'Desde ayer me expulsa al entrar al servidor principal.';
const NOTE = `Revisar su historial antes de responder ${Date.now()}`;
const DISCORD_NOTE = `Ya tiene dos avisos previos ${Date.now()}`;

let ticketId = '';

/** A channel's section on the demo Discord page. */
function channel(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** The bot's answer to the last interaction sent from the demo page. */
function botAnswer(page: Page): Locator {
  return page.getByRole('region', { name: 'Respuesta del bot' }).getByRole('status');
}

/** The ticket's card in #tickets-staff, once the relay has posted it (the page is read again until then). */
async function card(page: Page): Promise<Locator> {
  const found = channel(page, '#tickets-staff').getByRole('article').filter({ hasText: `Ticket #${ticketId}: ${TITLE}` });
  await expect(async () => {
    await page.goto(DEMO_DISCORD);
    await expect(found).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return found;
}

/** Presses a button of the ticket's card as a persona and waits for the bot's answer. */
async function pressOnCard(page: Page, persona: string, button: string): Promise<void> {
  const buttons = (await card(page)).getByRole('form', { name: /^Botones del mensaje de / });
  await buttons.getByLabel('Pulsar como').selectOption({ label: persona });
  await buttons.getByRole('button', { name: button, exact: true }).click();
}

test.describe.serial('tickets in Discord', () => {
  // Each test goes back and forth between the demo Discord page and the portal, as two people.
  test.describe.configure({ timeout: 180_000 });

  test('a ticket opened with /ticket appears on the web', async ({ page }) => {
    await page.goto(DEMO_DISCORD);
    const command = page.getByRole('form', { name: '/ticket', exact: true });
    await command.getByLabel('Persona').selectOption({ label: 'jugador' });
    await command.locator('select[name="opt.categoria"]').selectOption('Soporte Tecnico');
    await command.getByRole('button', { name: 'Enviar /ticket' }).click();

    const form = page.getByRole('form', { name: 'Formulario del bot' });
    await expect(form.getByText('Nuevo Ticket de Soporte')).toBeVisible();
    await form.locator('#input-titulo').fill(TITLE);
    await form.locator('#input-descripcion').fill(DESCRIPTION);
    await form.getByRole('button', { name: 'Enviar formulario' }).click();
    await expect(botAnswer(page)).toContainText('Abriste el ticket #');
    await expect(botAnswer(page)).toContainText('Recibimos tu ticket');
    ticketId = ((await botAnswer(page).innerText()).match(/ticket #(\d+)/) ?? [])[1] ?? '';
    expect(ticketId).not.toBe('');
    await shot(page, 'demo-discord-ticket-opened');

    // The player finds it on the portal, with the assistant's answer, as if opened there.
    await signIn(page, 'jugador');
    await page.goto('/support');
    await page.getByRole('row').filter({ hasText: TITLE }).click();
    const dialog = page.getByRole('dialog', { name: `Ticket #${ticketId}` });
    await expect(dialog.getByText(DESCRIPTION)).toBeVisible();
    await expect(dialog.getByText(`¡Hola! Recibimos tu ticket #${ticketId}.`, { exact: false })).toBeVisible();
  });

  test('the Reclamar button on the staff card assigns the ticket on the web', async ({ page }) => {
    await pressOnCard(page, 'soporte', 'Reclamar');
    await expect(botAnswer(page)).toContainText(`Reclamaste el ticket #${ticketId}`);
    // The card is edited to show it.
    await expect(async () => {
      await page.goto(DEMO_DISCORD);
      await expect((await card(page)).locator('.field').filter({ hasText: 'Asignado a' })).toContainText('soporte', { timeout: 1_000 });
    }).toPass();
    await shot(page, 'demo-discord-ticket-claimed');

    await signIn(page, 'soporte');
    await page.goto(`/admin/support/tickets/${ticketId}`);
    const dialog = page.getByRole('dialog', { name: `Ticket #${ticketId}` });
    await expect(dialog.locator('.ant-descriptions-item').filter({ hasText: 'Asignado a' })).toContainText('soporte');
  });

  test('a staff note is never seen by the player, on the web or by DM', async ({ page, browser }) => {
    await signIn(page, 'soporte');
    await page.goto(`/admin/support/tickets/${ticketId}`);
    const staffView = page.getByRole('dialog', { name: `Ticket #${ticketId}` });
    await staffView.getByRole('switch', { name: 'Nota interna' }).click();
    await staffView.getByRole('textbox', { name: 'Nota interna' }).fill(NOTE);
    await staffView.getByRole('button', { name: /Guardar nota/ }).click();
    const note = staffView.getByRole('listitem', { name: 'Nota interna de soporte' });
    await expect(note).toContainText(NOTE);
    await shot(page, 'ticket-staff-note', { fullPage: false });

    // Staff see it in the ticket's thread; then the card's Cerrar sends the player a DM.
    await expect(async () => {
      await page.goto(DEMO_DISCORD);
      await expect(channel(page, '#tickets-staff').locator('.thread').filter({ hasText: `#${ticketId} · ` })).toContainText(NOTE, { timeout: 1_000 });
    }).toPass();
    // A note written with /nota in the thread joins it, on the web too.
    const nota = page.getByRole('form', { name: '/nota', exact: true });
    await nota.getByLabel('Persona').selectOption({ label: 'soporte' });
    const thread = nota.getByLabel('Canal').locator('option').filter({ hasText: `#${ticketId} · ` });
    await nota.getByLabel('Canal').selectOption((await thread.getAttribute('value')) ?? '');
    await nota.locator('input[name="opt.texto"]').fill(DISCORD_NOTE);
    await nota.getByRole('button', { name: 'Enviar /nota' }).click();
    await expect(botAnswer(page)).toContainText(`Nota interna guardada en el ticket #${ticketId}`);
    await page.goto(`/admin/support/tickets/${ticketId}`);
    await expect(staffView.getByRole('listitem', { name: 'Nota interna de soporte' }).filter({ hasText: DISCORD_NOTE })).toBeVisible();
    await page.goto(DEMO_DISCORD);
    await pressOnCard(page, 'soporte', 'Cerrar');
    await expect(botAnswer(page)).toContainText(`Ticket #${ticketId} cerrado`);
    const dms = channel(page, '#MD con jugador');
    await expect(async () => {
      await page.goto(DEMO_DISCORD);
      await expect(dms).toContainText(`Tu ticket #${ticketId}`, { timeout: 1_000 });
    }).toPass();
    await expect(dms).toContainText(`/support/tickets/${ticketId}#calificar`);
    await expect(dms).not.toContainText(NOTE);
    await expect(dms).not.toContainText(DISCORD_NOTE);

    // The player's conversation, in their own browser, has every message and not the note.
    const player = await (await browser.newContext()).newPage();
    await signIn(player, 'jugador');
    await player.goto(`/support/tickets/${ticketId}`);
    const playerView = player.getByRole('dialog', { name: `Ticket #${ticketId}` });
    await expect(playerView.getByText(DESCRIPTION)).toBeVisible();
    await expect(playerView.getByText('Este ticket está cerrado y ya no admite mensajes.')).toBeVisible();
    await expect(playerView.getByText(NOTE)).toHaveCount(0);
    await expect(playerView.getByText(DISCORD_NOTE)).toHaveCount(0);
    await expect(playerView.getByText('Nota interna')).toHaveCount(0);
    await shot(player, 'ticket-player-without-note', { fullPage: false });
    await player.context().close();
  });
});
