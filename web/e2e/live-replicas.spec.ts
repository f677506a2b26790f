import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SPARE_PORTS, expect, test, type Browser, type Page } from './fixtures';
import { signIn } from './helpers';

// Two replicas on one PostgreSQL database, as production runs them: A (`all`: the portal and
// the bot) and B (`serve`). Each browser uses its own replica. Only with a PostgreSQL server
// to run them on (ZOCALO_TEST_DATABASE_URL, as CI sets it).
const DATABASE = process.env.ZOCALO_TEST_DATABASE_URL;

test.skip(!DATABASE, 'two replicas need PostgreSQL: set ZOCALO_TEST_DATABASE_URL');

const schema = `e2e_${Date.now().toString(36)}`;
const replicas: ChildProcess[] = [];

async function start(mode: 'all' | 'serve', port: number): Promise<string> {
  const url = `http://127.0.0.1:${port}`;
  const database = new URL(DATABASE ?? '');
  database.searchParams.set('search_path', schema);
  const child = spawn(process.env.ZOCALO_BIN ?? '../bin/zocalo', [mode], {
    stdio: 'ignore',
    env: {
      ...process.env,
      ZOCALO_DEMO: 'true',
      ZOCALO_DATABASE_URL: database.toString(),
      ZOCALO_HTTP_ADDR: `127.0.0.1:${port}`,
      ZOCALO_PUBLIC_URL: url,
      ZOCALO_DATA_DIR: mkdtempSync(join(tmpdir(), `zocalo-replica-${mode}-`)),
      // The replicas trust each other's sessions: one secret, as behind a load balancer.
      ZOCALO_JWT_SECRET: 'e2e-replicas-share-this-secret-of-40-chars',
      ZOCALO_RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
    },
  });
  replicas.push(child);
  await expect
    .poll(async () => (await fetch(`${url}/readyz`).catch(() => null))?.status ?? 0, { timeout: 90_000, intervals: [250] })
    .toBe(200);
  return url;
}

let urlA = '';
let urlB = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  execFileSync('psql', [DATABASE ?? '', '-qc', `CREATE SCHEMA ${schema}`]);
  // A migrates and seeds first; B finds both done.
  urlA = await start('all', SPARE_PORTS[0]!);
  urlB = await start('serve', SPARE_PORTS[1]!);
});

test.afterAll(() => {
  for (const child of replicas) child.kill();
  execFileSync('psql', [DATABASE ?? '', '-qc', `DROP SCHEMA IF EXISTS ${schema} CASCADE`]);
});

async function on(browser: Browser, baseURL: string, persona: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.ok());
  await signIn(page, persona);
  await streamOpen;
  return page;
}

test('a reply typed on replica A appears in a browser on replica B without a reload, and the badge moves', async ({ browser }) => {
  test.setTimeout(120_000);
  const player = await on(browser, urlB, 'jugador');
  const ticketId = await player.evaluate(async () => {
    const form = new FormData();
    form.set('title', 'Dos réplicas');
    form.set('category', 'Otros');
    form.set('message', 'Escribo desde la réplica B.');
    const response = await fetch('/api/tickets', {
      method: 'POST',
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Idempotency-Key': crypto.randomUUID() },
      body: form,
    });
    return ((await response.json()) as { ticket: { ticketId: string } }).ticket.ticketId;
  });
  const support = await on(browser, urlA, 'soporte');
  await support.goto(`/admin/support/tickets/${ticketId}`);
  const staffDialog = support.getByRole('dialog', { name: `Ticket #${ticketId}` });
  await expect(staffDialog.getByText('Escribo desde la réplica B.')).toBeVisible();

  const badge = player.locator('.ant-float-btn');
  const unread = async () => Number(/^Soporte: (\d+) tickets?/.exec((await badge.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
  // The count as the server has it, then shown on the button, before anything changes.
  const before = await player.evaluate(async () => {
    const response = await fetch('/api/tickets/unread', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return ((await response.json()) as { count: number }).count;
  });
  await expect.poll(unread).toBe(before);
  await staffDialog.getByRole('textbox', { name: 'Respuesta' }).fill('Te contesto desde la réplica A.');
  await staffDialog.getByRole('button', { name: 'Enviar' }).click();
  await expect.poll(unread).toBe(before + 1);

  await player.goto(`/support/tickets/${ticketId}`);
  const playerDialog = player.getByRole('dialog', { name: `Ticket #${ticketId}` });
  await expect(playerDialog.getByText('Te contesto desde la réplica A.')).toBeVisible();
  await staffDialog.getByRole('textbox', { name: 'Respuesta' }).fill('¿Sigue fallando?');
  await staffDialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(playerDialog.getByText('¿Sigue fallando?')).toBeVisible();
});
