import { expect, test, type Page } from './fixtures';
import { appReady, choose, settled, shot, signIn } from './helpers';

interface ShopConfig {
  shop: { id: string; title: string; items: { key: string; title: string }[] }[];
}

const SEEDED_NEWS = ['¡Abrimos la temporada de invierno!', 'Elecciones de diputados', 'Desfile del 16 de septiembre'];

/** Fails the test if the page ever opens a JavaScript dialog (alert, confirm, prompt). */
function refuseScriptDialogs(page: Page) {
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected ${dialog.type()} dialog: ${dialog.message()}`);
  });
}

test('the landing page shows the four servers and the latest news', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Zócalo' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jugar Ahora' })).toHaveAttribute('href', /ZOCALO/);
  await expect(page.getByRole('link', { name: 'Únete a Discord' })).toHaveAttribute('href', 'https://discord.gg/zocalo-demo');

  const servers = page.locator('section', { has: page.getByRole('heading', { name: 'Servidores' }) });
  for (const name of ['Principal', 'Secundario', 'Eventos', 'Pruebas']) {
    await expect(servers.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await expect(servers.locator('.server-card')).toHaveCount(4);
  await expect(servers.getByText('39 de 40 jugadores')).toBeVisible();
  await expect(servers.getByText('En línea', { exact: true })).toHaveCount(1);
  await expect(servers.getByText('Mantenimiento', { exact: true })).toHaveCount(3);
  await expect(servers.getByRole('link', { name: 'Unirse' })).toHaveCount(1);
  await expect(servers.getByRole('button', { name: 'No Disponible' })).toHaveCount(3);

  const news = page.locator('section', { has: page.getByRole('heading', { name: 'Últimas Noticias' }) });
  for (const title of SEEDED_NEWS) {
    await expect(news.getByRole('link', { name: title, exact: true })).toBeVisible();
  }
  await expect(news.getByText('Actualización', { exact: true })).toBeVisible();
  await shot(page, 'landing-light');

  await page.getByRole('button', { name: 'Cambiar a tema oscuro' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shot(page, 'landing-dark-full');

  await news.getByRole('link', { name: SEEDED_NEWS[0], exact: true }).click();
  await expect(page).toHaveURL(/\/news\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: SEEDED_NEWS[0] })).toBeVisible();
});

test('the landing page fits a 375 px window', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await expect(page.locator('.server-card')).toHaveCount(4);
  await expect(page.getByRole('link', { name: SEEDED_NEWS[0], exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'landing-375');
});

test('the news list and a directly opened item; an unknown id is not found', async ({ page }) => {
  await page.goto('/news');
  await expect(page.getByRole('heading', { name: 'Noticias', exact: true })).toBeVisible();
  for (const title of SEEDED_NEWS) await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
  await appReady(page);
  await page.getByRole('link', { name: SEEDED_NEWS[2], exact: true }).click();
  await expect(page).toHaveURL(/\/news\/\d+$/);
  const detailUrl = page.url();

  await page.goto(detailUrl);
  await expect(page.getByRole('heading', { level: 1, name: SEEDED_NEWS[2] })).toBeVisible();
  await expect(page.getByText('Evento', { exact: true })).toBeVisible();
  await expect(page.getByText('Horario: 20:00 (hora del centro).')).toBeVisible();
  await shot(page, 'news-detail');
  await page.getByRole('button', { name: 'Volver a Noticias' }).click();
  await expect(page).toHaveURL('/news');

  await page.goto('/news/999999');
  await expect(page.getByText('Noticia no encontrada')).toBeVisible();
});

test('comite publishes a news item, which shows as text on /news and its page, then deletes it', async ({ page }) => {
  refuseScriptDialogs(page);
  const title = `Noticia de prueba ${Date.now()}`;
  const content = 'Primera línea del anuncio.\n<script>alert(1)</script>\nÚltima línea.';

  await signIn(page, 'comite');
  await page.goto('/admin/news');
  await expect(page.getByRole('heading', { name: 'Gestión de Noticias' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Volver al Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva Noticia' }).click();
  const editor = page.getByRole('dialog', { name: 'Nueva Noticia' });
  await editor.getByLabel('Título').fill(title);
  await editor.getByLabel('Contenido').fill(content);
  await choose(page, editor.getByLabel('Tipo'), 'Anuncio');
  await shot(page, 'admin-news-editor');
  await editor.getByRole('button', { name: 'Crear Noticia' }).click();
  // The editor says so, then closes on its own a moment later; the page keeps the word.
  await expect(editor.getByText('Noticia creada exitosamente')).toBeVisible();
  await expect(editor).toBeHidden();
  await expect(page.getByText('Noticia creada exitosamente')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await shot(page, 'admin-news');

  await page.getByRole('button', { name: `Vista previa: ${title}` }).click();
  const preview = page.getByRole('dialog', { name: 'Vista Previa' });
  await expect(preview.getByText(title)).toBeVisible();
  // A click while the dialog still zooms in can miss its close button (as in deliveries.spec).
  await settled(page);
  await preview.getByRole('button', { name: 'Close' }).or(preview.getByRole('button', { name: 'Cerrar' })).first().click();
  await expect(preview).toBeHidden();

  await page.goto('/news');
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
  // The link first shown is the server's; a click just as the app's card replaces it is lost.
  await appReady(page);
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Anuncio', { exact: true })).toBeVisible();
  const body = page.locator('.news-detail .news-text');
  await expect(body).toHaveText(content);
  await expect(body.locator('script')).toHaveCount(0);
  await shot(page, 'news-detail-script');

  await page.goto('/admin/news');
  await appReady(page);
  await page.getByRole('button', { name: `Eliminar: ${title}` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '¿Estás seguro de que deseas eliminar esta noticia?' });
  await expect(confirm).toBeVisible();
  // A click while the confirmation is still opening can miss its button.
  await settled(page);
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Noticia eliminada exitosamente')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

  await page.goto('/news');
  await expect(page.getByRole('link', { name: SEEDED_NEWS[0], exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0);
});

test('the shop lists every item of the configuration', async ({ page, request }) => {
  const config = (await (await request.get('/api/config')).json()) as ShopConfig;
  const items = config.shop.flatMap((section) => section.items);
  expect(items).toHaveLength(23);

  await page.goto('/shop');
  await expect(page.getByRole('heading', { name: 'Ofertas Especiales' })).toBeVisible();
  for (const section of config.shop) {
    await expect(page.getByRole('heading', { level: 2, name: section.title, exact: true })).toBeVisible();
  }
  for (const item of items) {
    await expect(page.getByRole('heading', { level: 3, name: item.title, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: /Comprar Ahora/ })).toHaveCount(23);
  await expect(page.locator('.shop-item', { hasText: 'Paquete Legal 1' }).getByText('$80 MXN · $5 USD')).toBeVisible();
  await expect(page.locator('.shop-item', { hasText: 'Pase' }).getByText('550 Robux')).toBeVisible();
  await shot(page, 'shop');

  await page.getByRole('button', { name: 'Comprar Ahora: VIP' }).click();
  const dialog = page.getByRole('dialog', { name: 'Comprar VIP' });
  await expect(dialog.getByText('Inicia Sesión para usar esto')).toBeVisible();
});

test('the contact page and the contact dialog send a message', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contacto Zócalo' })).toBeVisible();
  await page.getByLabel('Nombre').fill('Visitante de prueba');
  await page.getByLabel('Mensaje').fill('Hola, quiero saber cómo unirme.');
  await page.getByLabel('Correo electrónico').fill('visitante@example.com');
  await page.getByRole('button', { name: 'Enviar Mensaje' }).click();
  await expect(page.getByText('¡Mensaje enviado exitosamente! Te contactaremos pronto.')).toBeVisible();
  await expect(page.getByLabel('Nombre')).toHaveValue('');

  await page.getByRole('navigation', { name: 'Navegación principal' }).getByText('Contacto').click();
  const dialog = page.getByRole('dialog', { name: 'Contacto' });
  await dialog.getByLabel('Nombre').fill('Visitante de prueba');
  await dialog.getByLabel('Mensaje').fill('Segundo mensaje desde el diálogo.');
  await dialog.getByLabel('Correo electrónico').fill('visitante@example.com');
  await dialog.getByRole('button', { name: 'Enviar Mensaje' }).click();
  await expect(dialog.getByText('Escribe el asunto')).toBeVisible();
  await dialog.getByLabel('Asunto').fill('Dudas');
  await shot(page, 'contact-dialog');
  await dialog.getByRole('button', { name: 'Enviar Mensaje' }).click();
  await expect(dialog.getByText('¡Mensaje enviado exitosamente! Te contactaremos pronto.')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5_000 });
});

test('an artist applies and revisor reviews the application', async ({ page }) => {
  const email = `dibujante${Date.now()}@gmail.com`;
  await page.goto('/artist-application');
  await expect(page.getByRole('heading', { name: 'Convocatoria de Dibujantes' })).toBeVisible();
  await page.getByLabel('Gmail').fill(email);
  await page.getByLabel('Teléfono').fill('55 1234 5678');
  const send = page.getByRole('button', { name: 'Enviar Aplicación' });
  await expect(send).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Política de Privacidad' }).first()).toHaveAttribute('href', '/privacy-policy');
  await page.getByRole('checkbox').check();
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText('Tu aplicación ha sido enviada exitosamente. Te contactaremos pronto.')).toBeVisible();
  await expect(page.getByLabel('Gmail')).toHaveValue('');

  await signIn(page, 'revisor');
  await page.goto('/admin/artist-applications');
  const table = page.getByRole('table');
  for (const column of ['Email', 'Teléfono', 'Estado', 'Fecha']) {
    await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
  }
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByText('55 1234 5678')).toBeVisible();
  await expect(row.getByTitle('Pendiente')).toBeVisible();
  await row.getByLabel(`Estado de ${email}`).click();
  await page.getByTitle('Aceptada').click();
  await expect(row.getByTitle('Aceptada')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: email }).getByTitle('Aceptada')).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await shot(page, 'artist-applications');
});

test('jugador is refused the news management and the applications', async ({ page }) => {
  await signIn(page, 'jugador');
  await page.goto('/admin/artist-applications');
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByText('No tienes permiso para acceder a esta página.', { exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.goto('/admin/news');
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByText('Acceso Denegado')).toBeVisible();
});

test('the privacy notice has its eight sections and the configured responsible party', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Política de Privacidad' })).toBeVisible();
  for (const heading of [
    '1. Responsable',
    '2. Datos que tratamos',
    '3. Finalidades',
    '4. Transferencias y remisiones',
    '5. Tus derechos ARCO',
    '6. Menores de edad',
    '7. Conservación y seguridad',
    '8. Cambios al aviso',
  ]) {
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  // The values of the configuration render once the app runs: demo mode (configs/demo.yaml) names a contact e-mail.
  await expect(page.locator('.policy a[href^="mailto:"]').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'tu perfil' }).first()).toHaveAttribute('href', '/perfil');
  await shot(page, 'privacy-policy');
});
