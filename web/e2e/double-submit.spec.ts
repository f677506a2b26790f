import { expect, test, type Response } from './fixtures';
import { signIn } from './helpers';

const TITLE = `Se me duplicó el envío ${Date.now()}`;

const isTicketCreate = (response: Response) =>
  response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/tickets';

test('a ticket submitted twice before the first answer arrives is created once', async ({ page, browser }) => {
  await signIn(page, 'jugador');
  await page.goto('/support');
  await expect(page.getByRole('heading', { name: 'Centro de Soporte' })).toBeVisible();

  // The first create reaches the server, but its answer is held until the second create has
  // been sent: the second submission really reaches the server while the first looks slow.
  const keys: (string | undefined)[] = [];
  let secondSent!: () => void;
  const bothSent = new Promise<void>((resolve) => (secondSent = resolve));
  await page.route('**/api/tickets', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key']);
    if (keys.length === 1) {
      const response = await route.fetch();
      await bothSent;
      return route.fulfill({ response });
    }
    secondSent();
    return route.continue();
  });
  const answers = Promise.all([
    page.waitForResponse((response) => isTicketCreate(response) && response.headers()['idempotent-replayed'] === undefined),
    page.waitForResponse((response) => isTicketCreate(response) && response.headers()['idempotent-replayed'] === 'true'),
  ]);

  await page.getByRole('button', { name: 'Nuevo Ticket' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo Ticket de Soporte' });
  await form.getByLabel('Título').fill(TITLE);
  await form.getByLabel('Mensaje').fill('Hice doble clic en Crear Ticket.');
  await form.getByRole('button', { name: 'Crear Ticket' }).click();
  await expect.poll(() => keys.length).toBe(1);
  // The button is now busy; a second Enter (or click) submits the form again through the DOM.
  await form.locator('form').evaluate((element: HTMLFormElement) => element.requestSubmit());
  await expect.poll(() => keys.length).toBe(2);

  const [first, replay] = await answers;
  expect(keys[0]).toBeTruthy();
  expect(keys[1]).toBe(keys[0]);
  expect(first.status()).toBe(201);
  expect(replay.status()).toBe(first.status());
  expect(await replay.json()).toEqual(await first.json());

  const created = page.getByRole('dialog', { name: /^Ticket #\d+$/ });
  await expect(created.getByRole('heading', { name: TITLE })).toBeVisible();

  const token = await page.evaluate(() => localStorage.getItem('token'));
  const listed = await page.request.get(`/api/tickets?search=${encodeURIComponent(TITLE)}`, {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect(listed.status()).toBe(200);
  const { tickets } = (await listed.json()) as { tickets: { ticketId: string; title: string }[] };
  const mine = tickets.filter((ticket) => ticket.title === TITLE);
  expect(mine).toHaveLength(1);

  // Support closes it, so that jugador's open tickets stay within the desk's limit for the other specs.
  const staff = await browser.newContext();
  const support = await staff.newPage();
  await signIn(support, 'soporte');
  const supportToken = await support.evaluate(() => localStorage.getItem('token'));
  const closed = await support.request.put(`/api/tickets/${mine[0]?.ticketId ?? ''}/status`, {
    headers: { Authorization: `Bearer ${supportToken ?? ''}` },
    data: { status: 'closed' },
  });
  expect(closed.status()).toBe(200);
  await staff.close();
});
