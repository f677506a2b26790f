import { expect, test, type Page } from './fixtures';
import { shot, signIn, openUserMenu } from './helpers';

/** Gives the bot back, or takes from it, the permission to post in a channel of the demo Discord. */
async function botMayPost(page: Page, channel: string, may: boolean): Promise<void> {
  await page.goto('/demo/discord/');
  const form = page.getByRole('form', { name: `Permisos del bot en #${channel}` });
  await form.getByLabel(may ? 'Puede publicar' : 'Sin permiso').check();
  await form.getByRole('button', { name: `Guardar permisos de #${channel}` }).click();
  await expect(page.getByRole('form', { name: `Permisos del bot en #${channel}` }).getByRole('status')).toHaveText('Permisos guardados');
}

test('a contact message Discord refuses waits on Entregas a Discord, is read on the portal, and arrives once retried', async ({ page }) => {
  const subject = `Entrega ${Date.now()}`;
  await botMayPost(page, 'contacto', false);
  try {
    await page.goto('/contact');
    await page.getByLabel('Nombre').fill('Visitante bloqueado');
    await page.getByLabel('Asunto').fill(subject);
    await page.getByLabel('Mensaje').fill('Este mensaje se lee en el portal aunque Discord lo rechace.');
    await page.getByLabel('Correo electrónico').fill('bloqueado@example.com');
    await page.getByRole('button', { name: 'Enviar Mensaje' }).click();
    await expect(page.getByText('¡Mensaje enviado exitosamente! Te contactaremos pronto.')).toBeVisible();

    await signIn(page, 'comite');
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Entregas a Discord' }).click();
    await expect(page).toHaveURL(/\/admin\/deliveries$/);
    const row = page.getByRole('row').filter({ hasText: `Contacto: ${subject}` });
    await expect(row).toBeVisible();
    await expect(row.getByText('Bloqueada')).toBeVisible();
    await expect(row.getByText(/Missing Permissions \(50013\)/)).toBeVisible();
    await shot(page, 'admin-deliveries-blocked');

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Mensajes de contacto' }).click();
    const message = page.getByRole('row').filter({ hasText: subject });
    await expect(message).toBeVisible();
    await message.click();
    await expect(page.getByLabel('Mensaje de Visitante bloqueado')).toHaveText('Este mensaje se lee en el portal aunque Discord lo rechace.');
    await shot(page, 'admin-contact-messages');

    await botMayPost(page, 'contacto', true);
    await page.goto('/admin/deliveries');
    const blocked = page.getByRole('row').filter({ hasText: `Contacto: ${subject}` });
    await blocked.getByRole('button', { name: /^Reintentar la entrega/ }).click();
    // The list reads itself again every few seconds; once delivered, the row leaves it.
    await expect
      .poll(async () => page.getByRole('row').filter({ hasText: `Contacto: ${subject}` }).count(), {
        message: 'the retried delivery leaves the list',
        timeout: 60_000,
      })
      .toBe(0);

    await page.goto('/demo/discord/');
    const channel = page.getByRole('region', { name: '#contacto' });
    await expect(channel.getByText(`Contacto: ${subject}`)).toHaveCount(1);
  } finally {
    await botMayPost(page, 'contacto', true);
  }
});
