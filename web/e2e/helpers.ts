import { mkdirSync } from 'node:fs';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

const SHOTS_DIR = process.env.ZOCALO_SHOTS_DIR ?? '/tmp/shots';

/**
 * What Playwright itself logs in a page's console: the app's attempt to register its service
 * worker, which playwright.config.ts blocks in every spec but e2e/service-worker.spec.ts.
 */
export function isHarnessNotice(text: string): boolean {
  return text === 'Service Worker registration blocked by Playwright';
}

/**
 * Keeps the pages of `context` off the live stream (/api/events). Playwright's 'networkidle'
 * waits for every request to finish, and the stream never does: a test that waits for the
 * network to go quiet runs its pages on the polling the web falls back to.
 */
export async function withoutLiveStream(context: BrowserContext): Promise<void> {
  await context.route('**/api/events', (route) => route.abort());
}

/**
 * Waits until the app has taken over the prerendered page: every region that depends on the
 * request or the person (ssr/browserOnly.tsx) is drawn by the app, none holds its place any
 * more, and the page's own content has replaced the frame shown while it loads
 * (layout/PageFallback.tsx, whose heading is already the page's). Before that, the header
 * shows the public links only and the regions the server's copy.
 */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('.ssr-slot, .page-fallback')).toHaveCount(0);
}

/** Saves a screenshot of the page under the shots directory (only the window with `fullPage: false`, for dialogs). */
export async function shot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await settled(page);
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage });
}

/**
 * Waits, up to 2 s, for the page's transitions and finite animations to end: a screenshot then
 * shows where they end, and a click lands where the element rests.
 */
export async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      null,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
}

/** Saves a screenshot of the window once the open dialogs have finished their opening animation. */
export async function dialogShot(page: Page, name: string): Promise<void> {
  const animating = ['appear', 'enter'].flatMap((phase) => ['prepare', 'start', 'active'].map((step) => `[class*="-${phase}-${step}"]`));
  await expect(page.locator(animating.join(', '))).toHaveCount(0);
  await shot(page, name, { fullPage: false });
}

/**
 * Opens the user menu and waits for its opening motion to end: a click made while the menu
 * still slides in lands on whatever entry passes under the pointer.
 */
export async function openUserMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Menú de usuario/ }).click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(menu.getByText('Cerrar Sesión')).toBeVisible();
  await expect(menu).not.toHaveClass(/-(appear|enter)(-|\b)/);
  return menu;
}

/** From /login (where the page is), signs in through the demo persona picker. */
export async function signInFromLogin(page: Page, persona: string): Promise<void> {
  await page.getByRole('button', { name: 'Iniciar sesión con Discord' }).click();
  const pick = page.getByRole('button', { name: persona, exact: true });
  await expect(pick).toBeVisible();
  await pick.click();
  // The callback page trades its code for a session, then moves on: the signed-in chrome
  // can show a moment before that move, and a click made then would be undone by it.
  await expect(page).not.toHaveURL(/\/auth\/callback/);
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();
}

/** Signs in as a demo persona, starting from /login. */
export async function signIn(page: Page, persona: string): Promise<void> {
  await page.goto('/login');
  await signInFromLogin(page, persona);
}

/**
 * Picks an option of an antd Select, each click once the dialog and the list have stopped moving.
 * With `search`, types it first: long lists only render the options in view.
 */
export async function choose(page: Page, select: Locator, option: string, search?: string): Promise<void> {
  await settled(page);
  await select.click();
  if (search) await select.pressSequentially(search);
  const item = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&')}$`) });
  await expect(item).toBeVisible();
  await settled(page);
  await item.click();
  await expect(select).toHaveAttribute('aria-expanded', 'false');
}
