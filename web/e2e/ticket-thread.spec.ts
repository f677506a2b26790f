import { expect, test } from './fixtures';
import { shot, signIn } from './helpers';

const TITLE = `Respuesta desde Discord ${Date.now()}`;
const REPLY = 'Revisamos tu caso: adjunto el informe del servidor.';

/** A minimal PDF: a file the portal does not keep on a ticket (only JPEG, PNG or GIF). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('a staff reply with a PDF written in the ticket thread reaches the ticket with its text, and the bot says what was not kept', async ({ page }) => {
  await signIn(page, 'jugador');
  await page.goto('/support');
  await page.getByRole('button', { name: 'Nuevo Ticket' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo Ticket de Soporte' });
  await form.getByLabel('Título').fill(TITLE);
  await form.getByLabel('Mensaje').fill('No puedo entrar desde ayer.');
  await form.getByRole('button', { name: 'Crear Ticket' }).click();
  const created = page.getByRole('dialog', { name: /^Ticket #\d+$/ });
  await expect(created).toBeVisible();
  const ticketId = (await created.locator('.ant-modal-title').innerText()).replace(/\D/g, '');

  // moderador writes in the ticket's thread in Discord, with a PDF.
  await page.goto('/demo/discord/');
  const write = page.getByRole('form', { name: 'Escribir en un hilo' });
  await expect
    .poll(async () => write.locator('select[name="thread"] option').filter({ hasText: `#${ticketId} · ` }).count(), {
      message: 'the ticket thread exists in Discord',
    })
    .toBe(1);
  await write.getByLabel('Persona').selectOption({ label: 'moderador' });
  const thread = await write.locator('select[name="thread"] option').filter({ hasText: `#${ticketId} · ` }).getAttribute('value');
  await write.getByLabel('Hilo').selectOption(thread ?? '');
  await write.getByLabel('Mensaje').fill(REPLY);
  await write.getByLabel('Archivo (opcional)').setInputFiles({ name: 'informe.pdf', mimeType: 'application/pdf', buffer: PDF });
  await write.getByRole('button', { name: 'Publicar en el hilo' }).click();
  await expect(page.getByRole('form', { name: 'Escribir en un hilo' }).getByRole('status')).toHaveText('Mensaje publicado');

  // The bot answers in the thread, naming the file it did not keep.
  const answer = page
    .locator('.thread')
    .filter({ hasText: `#${ticketId} · ` })
    .locator('article')
    .filter({ hasText: `Tu mensaje llegó al ticket #${ticketId}, pero estos archivos no se guardaron` });
  await expect
    .poll(
      async () => {
        await page.reload();
        return answer.count();
      },
      { message: "the bot's answer in the thread" },
    )
    .toBe(1);
  await expect(answer).toContainText('informe.pdf');
  await expect(answer).toContainText('BOT');
  await shot(page, 'demo-discord-thread-reply');

  // jugador reads the reply, with the file named, on the portal.
  await page.goto('/support');
  await page.getByRole('row').filter({ hasText: TITLE }).click();
  const dialog = page.getByRole('dialog', { name: `Ticket #${ticketId}` });
  await expect(dialog.getByText(REPLY)).toBeVisible();
  await expect(dialog.getByText(/Archivo no guardado: informe\.pdf/)).toBeVisible();
  await shot(page, 'ticket-reply-from-discord');
});
