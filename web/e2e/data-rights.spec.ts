import { expect, test } from './fixtures';
import { settled, shot, signIn } from './helpers';

// A member files a request about their data from "Mis datos"; a handler answers it on
// /admin/datos; the member reads the answer on their profile.
test('a rectification filed on /perfil is answered on /admin/datos and the answer shows on /perfil', async ({ page, browser }) => {
  const reason = `Mi nombre de Roblox en el documento está mal escrito (${Date.now()}).`;
  await signIn(page, 'senador');
  await page.goto('/perfil');
  const card = page.getByRole('region', { name: 'Presentar una solicitud' });
  await card.getByText('Rectificación', { exact: true }).click();
  await card.getByLabel('Motivo').fill(reason);
  await card.getByRole('button', { name: 'Presentar solicitud' }).click();
  await expect(card.getByText('Solicitud presentada.', { exact: false })).toBeVisible();
  const mine = page.getByRole('region', { name: 'Tus solicitudes' });
  const filed = mine.getByRole('listitem', { name: 'Solicitud de Rectificación' }).filter({ hasText: reason });
  await expect(filed).toContainText('Pendiente');
  await expect(filed).toContainText('Respuesta a más tardar el');
  await shot(page, 'mis-datos-solicitud');

  const handlerContext = await browser.newContext();
  const handler = await handlerContext.newPage();
  await signIn(handler, 'comite');
  await handler.goto('/admin/datos');
  await expect(handler.getByRole('heading', { name: 'Solicitudes de datos personales' })).toBeVisible();
  const row = handler.getByRole('row').filter({ hasText: reason }).or(handler.getByRole('listitem').filter({ hasText: reason }));
  await expect(row).toBeVisible();
  await settled(handler);
  await row.getByRole('button', { name: /^Aprobar la solicitud de/ }).click();
  const dialog = handler.getByRole('dialog');
  await dialog.getByLabel('Respuesta para el miembro').fill('Corregimos tu documento; revisa tu perfil.');
  await dialog.getByRole('button', { name: 'Aprobar' }).click();
  await expect(dialog).toBeHidden();
  await shot(handler, 'admin-datos');
  await handlerContext.close();

  await page.reload();
  const answered = page.getByRole('region', { name: 'Tus solicitudes' }).getByRole('listitem', { name: 'Solicitud de Rectificación' }).filter({ hasText: reason });
  await expect(answered).toContainText('Aprobada');
  await expect(answered).toContainText('Corregimos tu documento; revisa tu perfil.');
});
