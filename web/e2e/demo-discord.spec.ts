import { expect, test, type Locator, type Page } from './fixtures';
import { shot, signIn } from './helpers';

const DEMO_DISCORD = '/demo/discord/';

/** A persona's roles form on the demo Discord page. */
function rolesForm(page: Page, persona: string): Locator {
  return page.getByRole('form', { name: persona, exact: true });
}

/** A channel's section on the demo Discord page. */
function channel(page: Page, name: string): Locator {
  return page.getByRole('region', { name: `#${name}`, exact: true });
}

/** The Discord role ids the portal's server now reads for the signed-in user. */
function serverRoles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const response = await fetch('/api/auth/profile', {
      headers: { Accept: 'application/json', Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
    });
    const profile = (await response.json()) as { discordRoles?: string[] };
    return profile.discordRoles ?? [];
  });
}

/**
 * On the demo Discord page, ticks or unticks one of a persona's roles and saves, then waits
 * until the bot has carried the change to the portal's server.
 */
async function setRoleInDiscord(page: Page, persona: string, role: string, held: boolean): Promise<void> {
  await page.goto(DEMO_DISCORD);
  const box = rolesForm(page, persona).getByRole('checkbox', { name: role, exact: true });
  const roleId = await box.getAttribute('value');
  expect(roleId).toBeTruthy();
  await box.setChecked(held);
  await rolesForm(page, persona).getByRole('button', { name: `Guardar roles de ${persona}` }).click();
  await expect(rolesForm(page, persona).getByRole('status')).toHaveText('Roles guardados');
  await expect(rolesForm(page, persona).getByRole('checkbox', { name: role, exact: true })).toBeChecked({ checked: held });
  await expect.poll(async () => (await serverRoles(page)).includes(roleId ?? '')).toBe(held);
}

test('a role given in Discord opens Tesorería without signing in again, and taking it away closes it', async ({ page }) => {
  await signIn(page, 'jugador');
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await page.goto('/treasury');
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByText('Acceso Denegado')).toBeVisible();

  try {
    await setRoleInDiscord(page, 'jugador', 'TESORERIA', true);
    await shot(page, 'demo-discord-jugador-tesoreria');

    await page.goto('/treasury');
    await expect(page).toHaveURL('/treasury');
    await expect(page.getByRole('heading', { name: 'Tesorería', level: 1 })).toBeVisible();
    await expect(nav.getByText('Tesorería')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();
    await shot(page, 'treasury-jugador-with-tesoreria');
  } finally {
    await setRoleInDiscord(page, 'jugador', 'TESORERIA', false);
  }

  await page.goto('/treasury');
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByText('jugador, tu cuenta no tiene los permisos necesarios.')).toBeVisible();
  await expect(nav.getByText('Tesorería')).toHaveCount(0);
  await shot(page, 'unauthorized-jugador-after-tesoreria');
});

test('the demo Discord page shows the bot’s welcome post in #noticias', async ({ page }) => {
  const welcomeTitle = page.getByText(/^¡Bienvenidos a la demostración de/);
  const post = channel(page, 'noticias').getByRole('article').filter({ has: welcomeTitle });
  await expect(async () => {
    await page.goto(DEMO_DISCORD);
    await expect(post).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(post.getByText('BOT', { exact: true })).toBeVisible();
  await expect(post).not.toHaveClass(/deleted/);
  await shot(page, 'demo-discord');
});

/** The portal's tab comes back to the front and its window regains focus. */
async function backToPortal(page: Page): Promise<void> {
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

test('the portal picks up a role given in Discord in another tab when its window regains focus', async ({ page, context }) => {
  await signIn(page, 'jugador');
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav.getByText('Expedientes')).toBeVisible();
  await expect(nav.getByText('Tesorería')).toHaveCount(0);

  const discord = await context.newPage();
  try {
    await setRoleInDiscord(discord, 'jugador', 'TESORERIA', true);
    await backToPortal(page);
    await expect(nav.getByText('Tesorería')).toBeVisible();
    await nav.getByText('Tesorería').click();
    await expect(page).toHaveURL('/treasury');
    await expect(page.getByRole('heading', { name: 'Tesorería', level: 1 })).toBeVisible();
  } finally {
    await setRoleInDiscord(discord, 'jugador', 'TESORERIA', false);
  }

  await backToPortal(page);
  await expect(page).toHaveURL('/unauthorized');
  await expect(nav.getByText('Tesorería')).toHaveCount(0);
});
