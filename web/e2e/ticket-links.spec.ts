import { expect, test, type Page } from './fixtures';
import { dialogShot, signIn } from './helpers';

/** Opens a ticket as the signed-in member, through the API the web uses; answers its id. */
async function openTicket(page: Page, title: string, message: string): Promise<string> {
  return page.evaluate(
    async ({ title, message }) => {
      const form = new FormData();
      form.set('title', title);
      form.set('category', 'Otros');
      form.set('message', message);
      const response = await fetch('/api/tickets', {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Idempotency-Key': crypto.randomUUID() },
        body: form,
      });
      if (!response.ok) throw new Error(`POST /api/tickets: ${response.status}`);
      return ((await response.json()) as { ticket: { ticketId: string } }).ticket.ticketId;
    },
    { title, message },
  );
}

const STAMP = Date.now();
const PLAYER_TITLE = `Enlace directo ${STAMP}`;
const PLAYER_MESSAGE = 'Este ticket se abre desde su enlace.';
const OTHER_TITLE = `Ticket ajeno ${STAMP}`;
let playerTicket = '';
let otherTicket = '';

test.describe.serial('direct links to tickets', () => {
  test('the tickets to link to', async ({ browser }) => {
    const as = async (persona: string, title: string, message: string) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, persona);
      const id = await openTicket(page, title, message);
      await context.close();
      return id;
    };
    otherTicket = await as('diputado', OTHER_TITLE, 'Solo lo ve su autor y el equipo de soporte.');
    playerTicket = await as('jugador', PLAYER_TITLE, PLAYER_MESSAGE);
    expect(playerTicket).not.toBe(otherTicket);
  });

  test('jugador opens /support/tickets/<id> of their ticket and sees the conversation; closing it leaves the list', async ({ page }) => {
    await signIn(page, 'jugador');
    await page.goto(`/support/tickets/${playerTicket}`);
    const dialog = page.getByRole('dialog', { name: `Ticket #${playerTicket}` });
    await expect(dialog.getByRole('heading', { name: PLAYER_TITLE })).toBeVisible();
    await expect(dialog.getByText(PLAYER_MESSAGE)).toBeVisible();
    await dialogShot(page, 'ticket-link-jugador');

    // A reload shows the same ticket.
    await page.reload();
    await expect(dialog.getByText(PLAYER_MESSAGE)).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL('/support');
    const row = page.getByRole('row', { name: `Abrir ticket #${playerTicket}: ${PLAYER_TITLE}` });
    await expect(row).toBeVisible();

    // Opened from the list, the ticket has its address; Back closes it, Forward opens it again.
    await row.click();
    await expect(page).toHaveURL(`/support/tickets/${playerTicket}`);
    await expect(dialog.getByText(PLAYER_MESSAGE)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL('/support');
    await expect(dialog).toHaveCount(0);
    await page.goForward();
    await expect(dialog.getByText(PLAYER_MESSAGE)).toBeVisible();
  });

  test("jugador opening someone else's ticket sees that it was not found, with a way back", async ({ page }) => {
    await signIn(page, 'jugador');
    await page.goto(`/support/tickets/${otherTicket}`);
    const dialog = page.getByRole('dialog', { name: `Ticket #${otherTicket}` });
    await expect(dialog.getByRole('heading', { name: 'Ticket no encontrado' })).toBeVisible();
    await expect(page.getByText(OTHER_TITLE)).toHaveCount(0);
    await dialogShot(page, 'ticket-link-not-found');
    await dialog.getByRole('button', { name: 'Volver a mis tickets' }).click();
    await expect(page).toHaveURL('/support');
    await expect(page.getByRole('row', { name: new RegExp(`Abrir ticket #${playerTicket}:`) })).toBeVisible();
  });

  test('soporte opens /admin/support/tickets/<id> in the support panel', async ({ page }) => {
    await signIn(page, 'soporte');
    await page.goto(`/admin/support/tickets/${playerTicket}`);
    await expect(page.getByRole('heading', { name: 'Panel de Soporte' })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: `Ticket #${playerTicket}` });
    await expect(dialog.getByText(PLAYER_MESSAGE)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await expect(page).toHaveURL('/admin/support');
  });

  test('a ticket link fits a 375 px window', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'jugador');
    await page.goto(`/support/tickets/${playerTicket}`);
    const dialog = page.getByRole('dialog', { name: `Ticket #${playerTicket}` });
    await expect(dialog.getByText(PLAYER_MESSAGE)).toBeVisible();
    await dialogShot(page, 'ticket-link-375');
    await page.goto(`/support/tickets/${otherTicket}`);
    await expect(page.getByRole('heading', { name: 'Ticket no encontrado' })).toBeVisible();
    await dialogShot(page, 'ticket-link-not-found-375');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
