import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

const SHOTS_DIR = process.env.ZOCALO_SHOTS_DIR ?? '/tmp/shots';

/** Saves a screenshot of the page under the shots directory. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
}

/** From /login (where the page is), signs in through the demo persona picker. */
export async function signInFromLogin(page: Page, persona: string): Promise<void> {
  await page.getByRole('button', { name: 'Iniciar sesión con Discord' }).click();
  const pick = page.getByRole('button', { name: persona, exact: true });
  await expect(pick).toBeVisible();
  await pick.click();
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();
}

/** Signs in as a demo persona, starting from /login. */
export async function signIn(page: Page, persona: string): Promise<void> {
  await page.goto('/login');
  await signInFromLogin(page, persona);
}
