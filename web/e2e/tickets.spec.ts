import { deflateSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from './fixtures';
import { choose, dialogShot, settled, shot, signIn } from './helpers';

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small PNG: an indigo square crossed by a pink diagonal. */
function tinyPng(size = 48): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const pink = Math.abs(x - y) < 4;
      row.set(pink ? [236, 72, 153] : [79, 70, 229], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const TITLE = `No puedo entrar al servidor ${Date.now()}`;
const FIRST_MESSAGE = 'Al entrar al servidor principal me saca a los pocos segundos. Adjunto captura.';
const ANSWER = 'Hola, ya revisamos tu captura: reinicia el juego y vuelve a entrar, por favor.';
let ticketId = '';

const ticketDialog = (page: Page) => page.getByRole('dialog', { name: `Ticket #${ticketId}` });

/** The image really shows: it was downloaded with the token and decoded. */
async function expectImageShown(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

async function findInPanel(page: Page): Promise<Locator> {
  await page.goto('/admin/support');
  await expect(page.getByRole('heading', { name: 'Panel de Soporte' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar tickets' }).fill(TITLE);
  await page.getByRole('searchbox', { name: 'Buscar tickets' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: TITLE });
  await expect(row).toHaveCount(1);
  return row;
}

async function unreadLabel(page: Page): Promise<string> {
  return (await page.locator('.ant-float-btn').getAttribute('aria-label')) ?? '';
}

/** The tickets the support button's name says have unread answers: "…: #12", "…: #9 y #4". */
function unreadTickets(label: string): string[] {
  return [...label.matchAll(/#(\d+)/g)].map((match) => match[1] ?? '');
}

test.describe.serial('support tickets', () => {
  test('jugador opens a ticket with a PNG from the support centre', async ({ page }) => {
    await signIn(page, 'jugador');
    await page.goto('/support');
    await expect(page.getByRole('heading', { name: 'Centro de Soporte' })).toBeVisible();
    await expect(page.getByText('Filas por página')).toBeVisible();
    await expect(page.getByText(/^\d+-\d+ de \d+$/)).toBeVisible();
    await shot(page, 'support-centre-jugador');

    await page.getByRole('button', { name: 'Nuevo Ticket' }).click();
    const form = page.getByRole('dialog', { name: 'Nuevo Ticket de Soporte' });
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: 'Crear Ticket' }).click();
    await expect(form.getByText('Por favor, ingresa un título para el ticket')).toBeVisible();

    await form.getByLabel('Título').fill(TITLE);
    await form.getByLabel('Mensaje').fill(FIRST_MESSAGE);
    const files = form.locator('input[type="file"]');
    await files.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('no soy una imagen') });
    await expect(form.getByText('Solo se permiten imágenes JPEG, PNG o GIF: notas.txt')).toBeVisible();
    await expect(form.getByText('notas.txt: File type must be one of image/jpeg, image/png, image/gif')).toBeVisible();
    await dialogShot(page, 'ticket-dialog-step1-refused');

    await files.setInputFiles({ name: 'captura.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(form.getByText('captura.png')).toBeVisible();
    await expect(form.getByText(/Solo se permiten/)).toHaveCount(0);
    await dialogShot(page, 'ticket-dialog-step1');

    await form.getByRole('button', { name: 'Crear Ticket' }).click();
    const created = page.getByRole('dialog', { name: /^Ticket #\d+$/ });
    await expect(created).toBeVisible();
    ticketId = (await created.locator('.ant-modal-title').innerText()).replace(/\D/g, '');
    expect(ticketId).not.toBe('');

    const dialog = ticketDialog(page);
    await expect(dialog.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect(dialog.getByText(FIRST_MESSAGE)).toBeVisible();
    await expect(dialog.getByText('Asistente IA')).toBeVisible();
    await expectImageShown(dialog.getByRole('img', { name: 'captura.png' }));
    await expect(dialog.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    await dialogShot(page, 'ticket-dialog-step2');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: TITLE })).toBeVisible();
  });

  test('moderador finds it in the support panel, takes it, raises its priority and answers', async ({ page }) => {
    await signIn(page, 'moderador');
    const row = await findInPanel(page);
    for (const card of ['Tickets Totales', 'Tiempo Promedio', 'Resueltos', 'Satisfacción']) {
      await expect(page.getByRole('group', { name: card })).toBeVisible();
    }
    await shot(page, 'admin-support-panel');

    await row.getByRole('button', { name: `Asignar ticket #${ticketId}` }).click();
    const assign = page.getByRole('dialog', { name: 'Asignar Ticket' });
    await expect(assign).toBeVisible();
    await choose(page, assign.getByRole('combobox', { name: 'Asignar a' }), 'moderador');
    await dialogShot(page, 'assign-dialog');
    await assign.getByRole('button', { name: 'Asignar' }).click();
    await expect(assign).toBeHidden();
    await expect(row).toContainText('moderador');
    await expect(row).toContainText('En Progreso');

    await row.getByRole('button', { name: `Cambiar prioridad del ticket #${ticketId}` }).click();
    const priority = page.getByRole('dialog', { name: 'Cambiar Prioridad' });
    // The choice must show as made before saving: a click landing while the dialog opens is tried again.
    await expect(async () => {
      await priority.getByText('Alta', { exact: true }).click();
      await expect(priority.getByRole('radio', { name: 'Alta' })).toBeChecked({ timeout: 1000 });
    }).toPass();
    await dialogShot(page, 'priority-dialog');
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith(`/api/tickets/${ticketId}/priority`));
    await priority.getByRole('button', { name: 'Guardar' }).click();
    expect(((await (await saved).json()) as { ticket: { priority: string } }).ticket.priority).toBe('High');
    await expect(priority).toBeHidden();
    await expect(row).toContainText('Alta');

    await row.getByRole('button', { name: `Ver ticket #${ticketId}` }).click();
    const dialog = ticketDialog(page);
    await expect(dialog.getByText(FIRST_MESSAGE)).toBeVisible();
    await expectImageShown(dialog.getByRole('img', { name: 'captura.png' }));
    await expect(dialog.getByRole('combobox', { name: 'Estado' })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Respuesta' }).fill(ANSWER);
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(dialog.getByRole('listitem', { name: 'Mensaje de moderador' })).toContainText(ANSWER);
    await expect(dialog.getByRole('textbox', { name: 'Respuesta' })).toHaveValue('');
    await dialogShot(page, 'ticket-dialog-staff');
  });

  test('jugador sees the unread badge, then reads the answer and the PNG', async ({ page }) => {
    await signIn(page, 'jugador');
    const button = page.locator('.ant-float-btn');
    // The button names the tickets with unread answers, this one among them.
    await expect(button).toHaveAttribute('aria-label', /^Soporte: \d+ tickets? con respuestas sin leer: #/);
    const before = unreadTickets(await unreadLabel(page));
    expect(before).toContain(ticketId);
    await expect(button.locator('.ant-badge-count')).toBeVisible();
    await shot(page, 'floating-button-badge');

    await button.click();
    const form = page.getByRole('dialog', { name: 'Nuevo Ticket de Soporte' });
    await expect(form.getByRole('link', { name: /Mis tickets/ })).toBeVisible();
    // A click while the dialog is still opening can land before the link takes it.
    await settled(page);
    await form.getByRole('link', { name: /Mis tickets/ }).click();
    await expect(page).toHaveURL('/support');

    await page.getByRole('row').filter({ hasText: TITLE }).click();
    const dialog = ticketDialog(page);
    const answer = dialog.getByRole('listitem', { name: 'Mensaje de moderador' });
    await expect(answer).toContainText(ANSWER);
    await expect(answer.getByText('Staff', { exact: true })).toBeVisible();
    await expectImageShown(dialog.getByRole('img', { name: 'captura.png' }));
    await dialog.getByRole('img', { name: 'captura.png' }).click();
    await expect(page.locator('.ant-image-preview-img')).toBeVisible();
    await dialogShot(page, 'ticket-image-large');
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-image-preview-img')).toBeHidden();

    const after = before.filter((id) => id !== ticketId);
    await expect.poll(async () => unreadTickets(await unreadLabel(page))).toEqual(after);
    if (after.length === 0) await expect(button).toHaveAttribute('aria-label', 'Soporte');
  });

  test('soporte closes it, and its transcript opens in a new tab', async ({ page }) => {
    await signIn(page, 'soporte');
    const row = await findInPanel(page);
    await row.getByRole('button', { name: `Ver ticket #${ticketId}` }).click();
    const dialog = ticketDialog(page);
    await expect(dialog.getByText(ANSWER)).toBeVisible();

    const tab = page.context().waitForEvent('page');
    await dialog.getByRole('button', { name: 'Transcripción' }).click();
    const transcript = await tab;
    await expect(transcript).toHaveTitle(`Transcripción del ticket #${ticketId}`);
    await expect(transcript.getByText(ANSWER)).toBeVisible();
    await transcript.close();
    await page.bringToFront();
    // Back on a visible page with the button's loading over: a motion due while the
    // transcript's tab hid this page may never have run, and so never ended.
    await page.waitForFunction(() => document.visibilityState === 'visible');
    await expect(dialog.getByRole('button', { name: 'Transcripción' })).not.toHaveClass(/ant-btn-loading/);

    await settled(page);
    await dialog.getByRole('button', { name: 'Cerrar Ticket' }).click();
    const confirm = page.getByRole('tooltip').getByRole('button', { name: 'Cerrar Ticket' });
    await expect(confirm).toBeVisible();
    await settled(page);
    await confirm.click();
    await expect(dialog.getByText('Este ticket está cerrado y ya no admite mensajes.')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Respuesta' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Cerrar Ticket' })).toHaveCount(0);
    await dialogShot(page, 'ticket-dialog-closed-staff');
  });

  test('jugador finds it under Cerrados, not Activos, and rates it', async ({ page }) => {
    await signIn(page, 'jugador');
    await page.goto('/support');
    const row = page.getByRole('row').filter({ hasText: TITLE });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Cerrado');

    await page.getByRole('tab', { name: 'Activos' }).click();
    await expect(page.getByRole('tab', { name: 'Activos', selected: true })).toBeVisible();
    await expect(page.getByText(/^\d+-\d+ de \d+$/)).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByRole('tab', { name: 'Resueltos' }).click();
    await expect(row).toHaveCount(0);
    await page.getByRole('tab', { name: 'Cerrados' }).click();
    await expect(row).toBeVisible();
    await shot(page, 'support-centre-cerrados');

    await row.click();
    const dialog = ticketDialog(page);
    await expect(dialog.getByText('Este ticket está cerrado y ya no admite mensajes.')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Respuesta' })).toHaveCount(0);
    await dialog.getByRole('radio').nth(3).click();
    await dialog.getByRole('button', { name: 'Calificar' }).click();
    await expect(dialog.getByText('4 de 5')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Calificar' })).toHaveCount(0);
    await dialogShot(page, 'ticket-dialog-rated');
  });

  test('the support centre and the ticket dialog fit a 375 px window', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'jugador');
    await page.goto('/support');
    // On a phone each ticket is a card.
    await expect(page.getByRole('listitem').filter({ hasText: TITLE })).toBeVisible();
    await shot(page, 'support-centre-375');
    await page.getByRole('listitem').filter({ hasText: TITLE }).click();
    await expect(ticketDialog(page).getByText(ANSWER)).toBeVisible();
    await dialogShot(page, 'ticket-dialog-375');
    await ticketDialog(page).getByRole('button', { name: 'Cerrar', exact: true }).click();
    await page.getByRole('button', { name: 'Nuevo Ticket' }).click();
    await expect(page.getByRole('dialog', { name: 'Nuevo Ticket de Soporte' })).toBeVisible();
    await dialogShot(page, 'ticket-dialog-step1-375');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

