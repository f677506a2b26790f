import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { openUserMenu, settled, shot, signIn } from './helpers';

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
    // Until the page has come, Entregas a Discord stays on screen, with a row of the same subject.
    await expect(page.getByRole('heading', { level: 1, name: 'Mensajes de contacto' })).toBeVisible();
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

test('blocked deliveries read as a group by cause, on a phone too, and the group is retried once fixed', async ({ page }) => {
  const subject = `Grupo ${Date.now()}`;
  await botMayPost(page, 'contacto', false);
  try {
    await page.goto('/contact');
    await page.getByLabel('Nombre').fill('Visitante del grupo');
    await page.getByLabel('Asunto').fill(subject);
    await page.getByLabel('Mensaje').fill('Discord rechaza este mensaje hasta que el bot recupere su permiso.');
    await page.getByLabel('Correo electrónico').fill('grupo@example.com');
    await page.getByRole('button', { name: 'Enviar Mensaje' }).click();
    await expect(page.getByText('¡Mensaje enviado exitosamente! Te contactaremos pronto.')).toBeVisible();

    await signIn(page, 'comite');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/deliveries');
    const groups = page.getByRole('region', { name: 'Bloqueadas por causa' });
    const group = groups.getByRole('group', { name: /^1 bloqueada: Missing Permissions en Contacto$/ });
    await expect(group).toBeVisible();
    await expect(group.getByText('Discord: Missing Permissions (50013)')).toBeVisible();
    const retry = group.getByRole('button', { name: /^Reintentar el grupo/ });
    await expect(retry).toBeInViewport();
    // Nothing of the group is wider than the phone.
    const box = await group.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await shot(page, 'admin-deliveries-groups-phone');
    // The groups themselves (the list's phone cards are the shared ResponsiveTable's).
    const serious = (await new AxeBuilder({ page }).include('section[aria-labelledby="blocked-groups-title"]').analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await botMayPost(page, 'contacto', true);
    await page.goto('/admin/deliveries');
    await page
      .getByRole('region', { name: 'Bloqueadas por causa' })
      .getByRole('button', { name: /^Reintentar el grupo: 1 bloqueada: Missing Permissions en Contacto$/ })
      .click();
    const confirm = page.getByRole('dialog').filter({ hasText: '¿Reintentar este grupo?' });
    await expect(confirm).toBeVisible();
    // A click while the dialog still zooms in can land beside its button (legislative.spec does the same).
    await settled(page);
    await confirm.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByText('Se intentará de nuevo 1 entrega.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bloqueadas por causa' })).toHaveCount(0);
    await expect
      .poll(async () => page.getByText(`Contacto: ${subject}`).count(), { message: 'the retried group leaves the list', timeout: 60_000 })
      .toBe(0);

    await page.goto('/demo/discord/');
    await expect(page.getByRole('region', { name: '#contacto' }).getByText(`Contacto: ${subject}`)).toHaveCount(1);
  } finally {
    await botMayPost(page, 'contacto', true);
  }
});
