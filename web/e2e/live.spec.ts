import { expect, test, type Browser, type Page } from './fixtures';
import { dialogShot, signIn } from './helpers';

/**
 * Signs a persona in, in a browser of their own, and waits until the live stream is open:
 * the server answers it once it knows from where to send, so a change made afterwards
 * reaches this browser.
 */
async function liveBrowser(browser: Browser, persona: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.ok());
  await signIn(page, persona);
  await streamOpen;
  return page;
}

/** The tickets with unread answers, as the support button names them. */
async function unread(page: Page): Promise<number> {
  const label = (await page.locator('.ant-float-btn').getAttribute('aria-label')) ?? '';
  return Number(/^Soporte: (\d+) tickets?/.exec(label)?.[1] ?? 0);
}

/** The tickets with unread answers, as the server counts them. */
function serverUnread(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const response = await fetch('/api/tickets/unread', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return ((await response.json()) as { count: number }).count;
  });
}

const STAMP = Date.now();
const TITLE = `En vivo ${STAMP}`;

test('a reply typed in one browser appears in the other without a reload, and the unread badge moves', async ({ browser }) => {
  test.setTimeout(120_000);
  const player = await liveBrowser(browser, 'jugador');
  const ticketId = await player.evaluate(async (title) => {
    const form = new FormData();
    form.set('title', title);
    form.set('category', 'Otros');
    form.set('message', 'No me llega el dinero del trabajo.');
    const response = await fetch('/api/tickets', {
      method: 'POST',
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Idempotency-Key': crypto.randomUUID() },
      body: form,
    });
    return ((await response.json()) as { ticket: { ticketId: string } }).ticket.ticketId;
  }, TITLE);
  const support = await liveBrowser(browser, 'soporte');

  // Staff have the conversation open from its address; the player is elsewhere.
  await support.goto(`/admin/support/tickets/${ticketId}`);
  const staffDialog = support.getByRole('dialog', { name: `Ticket #${ticketId}` });
  await expect(staffDialog.getByText('No me llega el dinero del trabajo.')).toBeVisible();
  await player.goto('/');
  await expect(player.locator('.ant-float-btn')).toBeVisible();
  // The count as the server has it, then shown on the button, before anything changes.
  const before = await serverUnread(player);
  await expect.poll(() => unread(player)).toBe(before);

  await staffDialog.getByRole('textbox', { name: 'Respuesta' }).fill('¿En qué servidor trabajabas?');
  await staffDialog.getByRole('button', { name: 'Enviar' }).click();
  await expect.poll(() => unread(player)).toBe(before + 1);

  // The player opens it and answers; staff see the answer where they are.
  await player.goto(`/support/tickets/${ticketId}`);
  const playerDialog = player.getByRole('dialog', { name: `Ticket #${ticketId}` });
  await expect(playerDialog.getByText('¿En qué servidor trabajabas?')).toBeVisible();
  await expect.poll(() => unread(player)).toBe(before);
  await playerDialog.getByRole('textbox', { name: 'Respuesta' }).fill('En el Principal, anoche.');
  await playerDialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(staffDialog.getByText('En el Principal, anoche.')).toBeVisible();

  // And staff's next answer lands in the player's open conversation.
  await staffDialog.getByRole('textbox', { name: 'Respuesta' }).fill('Listo, ya quedó tu pago.');
  await staffDialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(playerDialog.getByText('Listo, ya quedó tu pago.')).toBeVisible();
  await dialogShot(player, 'live-reply-player');
  await dialogShot(support, 'live-reply-support');
});
