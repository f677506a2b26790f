import { expect, test } from './fixtures';
import { appReady, shot, signIn, signInFromLogin, openUserMenu } from './helpers';

test('comite signs in through Discord and finds the user menu with Dashboard', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  await shot(page, 'login');
  await signInFromLogin(page, 'comite');
  await expect(page).toHaveURL('/');
  await shot(page, 'landing-comite');

  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav.getByText('Tesorería')).toBeVisible();
  await expect(nav.getByText('Legislativo')).toBeVisible();

  await openUserMenu(page);
  const dashboard = page.getByRole('menuitem', { name: 'Dashboard' });
  await expect(dashboard).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Mi Perfil' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Cerrar Sesión' })).toBeVisible();
  await shot(page, 'user-menu-comite');
  await dashboard.click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Panel de Control' })).toBeVisible();
});

test('a signed-out visit to /records returns there after sign-in', async ({ page }) => {
  await page.goto('/records');
  await expect(page).toHaveURL('/login');
  await signInFromLogin(page, 'jugador');
  await expect(page).toHaveURL('/records');
  await expect(page.getByRole('heading', { name: 'Expedientes Criminales' })).toBeVisible();
  await shot(page, 'records-jugador');
});

test('a revoked session says so on /login and returns to the same page after signing in again', async ({ page }) => {
  await signIn(page, 'jugador');
  await page.goto('/records');
  await expect(page.getByRole('heading', { name: 'Expedientes Criminales' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const logout = await page.request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(logout.status()).toBe(200);

  // The live stream hears the revocation: the page moves to /login by itself, with the reason.
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Tu sesión expiró. Inicia sesión de nuevo para continuar.')).toBeVisible();
  await signInFromLogin(page, 'jugador');
  await expect(page).toHaveURL('/records');
  await expect(page.getByRole('heading', { name: 'Expedientes Criminales' })).toBeVisible();
});

test('a signed-in player opening /login goes home', async ({ page }) => {
  await signIn(page, 'jugador');
  await page.goto('/login');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();
});

test('a link carrying a token signs nobody in', async ({ page }) => {
  await page.goto('/auth/callback?token=planted');
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('No se encontró el código de inicio de sesión. Inicia sesión de nuevo.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('jugador opening /treasury lands on /unauthorized', async ({ page }) => {
  await signIn(page, 'jugador');
  await page.goto('/treasury');
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByText('Acceso Denegado')).toBeVisible();
  await expect(page.getByText('No tienes permiso para acceder a esta página.')).toBeVisible();
  await expect(page.getByText('jugador, tu cuenta no tiene los permisos necesarios.')).toBeVisible();
  await shot(page, 'unauthorized-jugador');
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-existe/de-verdad');
  await expect(page.getByText('Página No Encontrada')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Regresar' })).toBeVisible();
  await shot(page, 'not-found');
  // The server writes the page; its buttons answer once the app has hydrated it.
  await appReady(page);
  await page.getByRole('button', { name: 'Página Principal' }).click();
  await expect(page).toHaveURL('/');
});

test('the dark theme survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Cambiar a tema oscuro' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Cambiar a tema claro' })).toBeVisible();
  const background = await page.locator('.ant-layout').first().evaluate((el) => getComputedStyle(el).backgroundColor);
  const channels = background.match(/\d+/g)?.slice(0, 3).map(Number) ?? [255, 255, 255];
  expect(Math.max(...channels)).toBeLessThan(60);
  await shot(page, 'landing-dark');
});

test('the navigation collapses into a menu on a 375 px window', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('navigation', { name: 'Menú' });
  await expect(menu).toBeInViewport({ ratio: 1 });
  await expect(menu.getByText('Inicio')).toBeVisible();
  await expect(menu.getByText('Contacto')).toBeVisible();
  await expect(menu.getByText('Iniciar Sesión')).toBeVisible();
  await shot(page, 'mobile-menu');
  await menu.getByText('Iniciar Sesión').click();
  await expect(page).toHaveURL('/login');
});

test('Cerrar Sesión signs out and returns home', async ({ page }) => {
  await signIn(page, 'moderador');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Panel de Control' })).toBeVisible();
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login');
});

test('the user menu stays by its button when the page scrolls, and Cerrar Sesión works from /unauthorized', async ({ page }) => {
  await signIn(page, 'jugador');
  await page.goto('/treasury');
  await expect(page).toHaveURL('/unauthorized');
  await openUserMenu(page);
  const logout = page.getByRole('menuitem', { name: 'Cerrar Sesión' });
  await expect(logout).toBeVisible();
  const moved = await logout.evaluate((item) => {
    const before = item.getBoundingClientRect().top;
    window.scrollTo(0, document.documentElement.scrollHeight);
    return { scrolled: window.scrollY, shift: item.getBoundingClientRect().top - before };
  });
  expect(moved.scrolled).toBeGreaterThan(0);
  expect(moved.shift).toBe(0);
  await logout.click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
