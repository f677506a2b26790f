import { expect, test, type Locator, type Page } from './fixtures';
import { shot, signIn } from './helpers';

const DEMO_DISCORD = '/demo/discord/';
const PERSONA = 'senador';
const NICK = 'Turista (@Turista_2026)';

/** The persona's section on the demo Discord page: their roles and their nickname. */
function personaInDiscord(page: Page): Locator {
  return page.getByRole('form', { name: PERSONA, exact: true });
}

/** Reloads the demo Discord page until the persona shows the verified role held or not, and the nickname. */
async function expectInDiscord(page: Page, verified: boolean, nick: string): Promise<void> {
  await expect
    .poll(async () => {
      await page.goto(DEMO_DISCORD);
      const section = personaInDiscord(page);
      const held = await section.getByRole('checkbox', { name: 'Verificado', exact: true }).isChecked();
      const shown = await section.locator('.nick').innerText();
      return { held, shown };
    })
    .toEqual({ held: verified, shown: `Apodo en el servidor: ${nick}` });
}

/** Unlinks the signed-in persona's Roblox account on /verify. */
async function unlink(page: Page): Promise<void> {
  await page.goto('/verify');
  await expect(page.getByText('Cuenta verificada')).toBeVisible();
  await page.getByRole('button', { name: 'Desvincular cuenta' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Desvincular' }).click();
  await expect(page.getByText('Verifica tu cuenta')).toBeVisible();
}

test('a verification gives the verified role and the nickname in Discord, and an unlink takes them away', async ({ page }) => {
  await signIn(page, PERSONA);
  await page.goto('/verify');
  // Another run against the same database may have left the account linked.
  await expect(page.getByText(/^(Verifica tu cuenta|Cuenta verificada)$/)).toBeVisible();
  if (await page.getByText('Cuenta verificada').isVisible()) await unlink(page);
  await expectInDiscord(page, false, 'sin apodo');

  await page.goto('/verify');
  await page.getByRole('button', { name: 'Verificar con Roblox' }).click();
  await expect(page).toHaveTitle('Roblox (demo): authorize Zócalo');
  await page.getByRole('button', { name: 'Authorize as Turista_2026 (Turista)' }).click();
  await expect(page).toHaveURL('/verify/success');

  await expectInDiscord(page, true, NICK);
  await shot(page, 'demo-discord-verified-nickname');

  await unlink(page);
  await expectInDiscord(page, false, 'sin apodo');
});
