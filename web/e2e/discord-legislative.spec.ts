import { expect, test, type Locator, type Page } from './fixtures';
import { shot, signIn } from './helpers';

const DEMO_DISCORD = '/demo/discord/';

/** Calls the portal's API with the signed-in session. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, data: (await response.json()) as T };
    },
    { method, path, body },
  );
}

/** The ballot of an initiative on the demo Discord page: the bot's post in #legislativo. */
function ballot(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: '#legislativo', exact: true })
    .locator('article')
    .filter({ has: page.getByText(new RegExp(`^(Votación abierta|Aprobada|Rechazada): ${title}$`)) })
    .filter({ has: page.getByRole('form') });
}

/** A field of a post's embed: its name, then its value. */
function embedField(post: Locator, name: string): Locator {
  return post.locator('.field').filter({ has: post.page().locator('b', { hasText: new RegExp(`^${name}$`) }) });
}

/** Presses a ballot button as a persona and returns what the bot answered that persona. */
async function press(page: Page, title: string, persona: string, button: string): Promise<string> {
  await page.goto(DEMO_DISCORD);
  const buttons = ballot(page, title).getByRole('form');
  await buttons.getByLabel('Pulsar como').selectOption({ label: persona });
  await buttons.getByRole('button', { name: button, exact: true }).click();
  const answer = page.getByRole('region', { name: 'Respuesta del bot' });
  await expect(answer).toBeVisible();
  return answer.getByRole('status').innerText();
}

test('a ballot button counts once per seat, and the buttons disable when the vote closes', async ({ page }) => {
  // The bot closes votes once a minute: the wait for the close is most of this test.
  test.setTimeout(240_000);
  const title = `Ley de Movilidad ${Date.now()}`;
  await signIn(page, 'oficina');
  const created = await api<{ _id: number }>(page, 'POST', '/api/legislative/initiatives', {
    title,
    summary: 'Artículo 1. Las bicicletas tienen carril propio.\nArtículo 2. Se respeta al peatón.',
    type: 'Congreso',
  });
  expect(created.status).toBe(201);
  const id = created.data._id;
  const end = new Date(Date.now() + 60_000).toISOString();
  expect((await api(page, 'PUT', `/api/legislative/initiatives/${id}/voting`, { votingEnabled: true, votingEndDate: end })).status).toBe(200);

  // The bot posts the ballot with its three buttons.
  await expect(async () => {
    await page.goto(DEMO_DISCORD);
    await expect(ballot(page, title).getByRole('button', { name: 'A favor', exact: true })).toBeEnabled({ timeout: 1_000 });
  }).toPass();
  await expect(ballot(page, title).getByRole('button', { name: 'En contra', exact: true })).toBeEnabled();
  await expect(ballot(page, title).getByRole('button', { name: 'Abstención', exact: true })).toBeEnabled();
  await ballot(page, title).scrollIntoViewIfNeeded();
  await shot(page, 'demo-discord-ballot');

  expect(await press(page, title, 'diputado', 'A favor')).toBe('Voto registrado exitosamente. Tu voto: A favor.');
  expect(await press(page, title, 'diputado', 'En contra')).toBe('Ya votaste en esta iniciativa.');
  expect(await press(page, title, 'senador', 'Abstención')).toBe('Voto registrado exitosamente. Tu voto: Abstención.');
  expect(await press(page, title, 'jugador', 'A favor')).toBe('No tienes voto en este órgano.');

  // One vote per seat, on the web as in Discord, and the ballot's tally follows.
  const record = await api<{ initiative: { votes: { infavor: number; against: number; abstention: number } } }>(
    page,
    'GET',
    `/api/legislative/initiatives/${id}`,
  );
  expect(record.data.initiative.votes).toEqual({ infavor: 1, against: 0, abstention: 1 });
  await expect(async () => {
    await page.goto(DEMO_DISCORD);
    const post = ballot(page, title);
    await expect(post).toContainText('(editado)', { timeout: 1_000 });
    await expect(embedField(post, 'A favor')).toHaveText('A favor1', { timeout: 1_000 });
    await expect(embedField(post, 'En contra')).toHaveText('En contra0', { timeout: 1_000 });
    await expect(embedField(post, 'Abstenciones')).toHaveText('Abstenciones1', { timeout: 1_000 });
  }).toPass();

  // At the end the bot closes the vote: the ballot shows the result, its buttons disabled.
  await expect(async () => {
    await page.goto(DEMO_DISCORD);
    const post = ballot(page, title);
    await expect(post.getByText(`Aprobada: ${title}`, { exact: true })).toBeVisible({ timeout: 1_000 });
    for (const name of ['A favor', 'En contra', 'Abstención']) {
      await expect(post.getByRole('button', { name, exact: true })).toBeDisabled({ timeout: 1_000 });
    }
  }).toPass({ timeout: 200_000, intervals: [2_000] });
  await shot(page, 'demo-discord-ballot-closed');

  // The approved law is published in the Diario Oficial, for visitors too, never with who voted.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Enlaces del pie de página' }).getByRole('link', { name: 'Diario Oficial' }).click();
  await expect(page).toHaveURL('/diario-oficial');
  await expect(page.getByRole('heading', { level: 1, name: 'Diario Oficial' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar leyes' }).fill(title);
  await page.getByRole('searchbox', { name: 'Buscar leyes' }).press('Enter');
  const law = page.getByRole('article', { name: title });
  await expect(law).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(law).toContainText('Cámara de Diputados');
  await expect(law).toContainText('Artículo 2. Se respeta al peatón.');
  await expect(law.getByLabel('Resultado: 1 a favor, 0 en contra, 1 abstención')).toBeVisible();
  await expect(law).not.toContainText('diputado');
  await expect(law).not.toContainText('senador');
  await shot(page, 'diario-oficial');
});

test('the Diario Oficial shows the demo law to a visitor, and says when no law matches the search', async ({ page }) => {
  await page.goto('/diario-oficial');
  const law = page.getByRole('article', { name: 'Ley de Movilidad Sustentable' });
  await expect(law).toContainText('Artículo 2. Los vehículos ceden el paso a los peatones en cada cruce.');
  await expect(law.getByLabel('Resultado: 2 a favor, 0 en contra, 1 abstención')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar leyes' }).fill('zzz-ninguna-ley');
  await page.getByRole('searchbox', { name: 'Buscar leyes' }).press('Enter');
  await expect(page.getByText('Ninguna ley coincide con la búsqueda')).toBeVisible();
});
