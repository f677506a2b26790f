import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { Ticket } from '../../api/types';
import { jsonResponse, mockFetch, profile } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { findDialogTitled, pngFile, ticket, ticketMessage } from '../../test/tickets';
import { TicketDialog } from './TicketDialog';

const player = profile({ username: 'jugador', discordId: '1400000000000000014', discordRoles: [] });

type Handlers = Parameters<typeof mockFetch>[0];

function signedIn(handlers: Handlers = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({ '/api/auth/profile': () => jsonResponse(player), '/api/tickets/unread': () => jsonResponse({ count: 0 }), ...handlers });
}

function serveTicket(shown: Ticket, handlers: Handlers = {}) {
  return signedIn({ [`GET /api/tickets/${shown.ticketId}`]: () => jsonResponse({ ticket: shown }), ...handlers });
}

const dialogNamed = (title: string) => findDialogTitled(title);

describe('TicketDialog, step 1', () => {
  it('asks for a title before creating the ticket', async () => {
    const fetch = signedIn();
    renderWithProviders(<TicketDialog open onClose={() => undefined} />);
    const dialog = await dialogNamed('Nuevo Ticket de Soporte');
    await userEvent.click(within(dialog).getByRole('button', { name: /Crear Ticket/ }));
    expect(await within(dialog).findByText('Por favor, ingresa un título para el ticket')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url, init]) => String(url) === '/api/tickets' && init?.method === 'POST')).toBe(false);
  });

  it('refuses files before sending, in Spanish and in the widget wording', async () => {
    signedIn();
    const { container } = renderWithProviders(<TicketDialog open onClose={() => undefined} />);
    await dialogNamed('Nuevo Ticket de Soporte');
    const input = () => container.ownerDocument.querySelector<HTMLInputElement>('.ticket-dialog input[type="file"]') as HTMLInputElement;

    await userEvent.upload(input(), [new File(['hola'], 'notas.txt', { type: 'text/plain' })]);
    expect(await screen.findByText('Solo se permiten imágenes JPEG, PNG o GIF: notas.txt')).toBeInTheDocument();
    expect(screen.getByText('notas.txt: File type must be one of image/jpeg, image/png, image/gif')).toBeInTheDocument();

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'grande.png', { type: 'image/png' });
    await userEvent.upload(input(), [big]);
    expect(await screen.findByText('Los siguientes archivos exceden el límite de 5MB: grande.png')).toBeInTheDocument();
    expect(screen.getByText('grande.png: File is larger than 5242880 bytes')).toBeInTheDocument();

    await userEvent.upload(input(), [1, 2, 3, 4, 5, 6].map((n) => pngFile(`${n}.png`)));
    expect(await screen.findByText('No puedes adjuntar más de 5 archivos')).toBeInTheDocument();
    expect(screen.getByText('Too many files')).toBeInTheDocument();

    await userEvent.upload(input(), [pngFile('captura.png')]);
    await waitFor(() => expect(screen.queryByText('Too many files')).not.toBeInTheDocument());
    expect(screen.getByText('captura.png')).toBeInTheDocument();
  });

  it('creates the ticket with its fields and files, then shows its conversation at its own address', async () => {
    const created = ticket({ ticketId: '42', title: 'Compra: VIP', category: 'Otros', messages: [ticketMessage({ content: 'Quiero VIP' })] });
    const fetch = serveTicket(created, { 'POST /api/tickets': () => jsonResponse({ ticket: created }, 201) });
    const closed = vi.fn();
    const { container } = renderWithProviders(
      <TicketDialog open onClose={closed} draft={{ title: 'Compra: VIP', category: 'Otros', message: 'Quiero VIP' }} />,
      '/shop',
    );
    const dialog = await dialogNamed('Nuevo Ticket de Soporte');
    expect(within(dialog).getByLabelText('Título')).toHaveValue('Compra: VIP');
    expect(within(dialog).getByLabelText('Mensaje')).toHaveValue('Quiero VIP');
    await userEvent.upload(container.ownerDocument.querySelector<HTMLInputElement>('.ticket-dialog input[type="file"]') as HTMLInputElement, [pngFile()]);
    await within(dialog).findByText('captura.png');
    await userEvent.click(within(dialog).getByRole('button', { name: /Crear Ticket/ }));

    const conversation = await dialogNamed('Ticket #42');
    expect(await within(conversation).findByText('Quiero VIP')).toBeInTheDocument();
    // The ticket has its address at once, to share or reload; this dialog gives way to it.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/support/tickets/42'));
    expect(closed).toHaveBeenCalledTimes(1);
    const post = fetch.mock.calls.find(([url, init]) => String(url) === '/api/tickets' && init?.method === 'POST');
    const form = post?.[1]?.body as FormData;
    expect(form.get('title')).toBe('Compra: VIP');
    expect(form.get('category')).toBe('Otros');
    expect(form.get('message')).toBe('Quiero VIP');
    expect((form.getAll('attachments') as File[]).map((file) => file.name)).toEqual(['captura.png']);
  });

  it("shows the server's message when the ticket cannot be created", async () => {
    signedIn({ 'POST /api/tickets': () => jsonResponse({ message: 'No puedes adjuntar más de 5 archivos' }, 400) });
    renderWithProviders(<TicketDialog open onClose={() => undefined} />);
    const dialog = await dialogNamed('Nuevo Ticket de Soporte');
    await userEvent.type(within(dialog).getByLabelText('Título'), 'Ayuda');
    await userEvent.click(within(dialog).getByRole('button', { name: /Crear Ticket/ }));
    expect(await within(dialog).findByText('No puedes adjuntar más de 5 archivos')).toBeInTheDocument();
  });

  it("falls back to 'Error al crear el ticket'", async () => {
    signedIn({ 'POST /api/tickets': () => new Response('oops', { status: 500 }) });
    renderWithProviders(<TicketDialog open onClose={() => undefined} />);
    const dialog = await dialogNamed('Nuevo Ticket de Soporte');
    await userEvent.type(within(dialog).getByLabelText('Título'), 'Ayuda');
    await userEvent.click(within(dialog).getByRole('button', { name: /Crear Ticket/ }));
    expect(await within(dialog).findByText('Error al crear el ticket', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('TicketDialog, step 2', () => {
  it('opens an existing ticket at its conversation, telling the senders apart', async () => {
    const shown = ticket({
      messages: [
        ticketMessage({ content: 'No puedo entrar al servidor.' }),
        ticketMessage({ senderType: 'ai', senderName: 'Asistente', senderId: '', content: 'Recibimos tu ticket.' }),
        ticketMessage({ senderType: 'staff', senderName: 'moderador', senderId: '1400000000000000005', content: 'Ya lo revisamos.' }),
      ],
    });
    serveTicket(shown);
    renderWithProviders(<TicketDialog open ticketId="7" onClose={() => undefined} />);
    const dialog = await dialogNamed('Ticket #7');
    expect(await within(dialog).findByRole('heading', { name: 'No puedo entrar' })).toBeInTheDocument();
    const staff = within(dialog).getByRole('listitem', { name: 'Mensaje de moderador' });
    expect(within(staff).getByText('Staff')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('listitem', { name: 'Mensaje de Asistente' })).getByText('Asistente IA')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('listitem', { name: 'Mensaje de jugador' })).getByText('Usuario')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Estado' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Cerrar Ticket/ })).not.toBeInTheDocument();
  });

  it('sends a reply only with text or at least one file', async () => {
    const shown = ticket();
    const answered = ticket({ messages: [...(shown.messages ?? []), ticketMessage({ content: 'Sigue fallando' })] });
    const fetch = serveTicket(shown, { 'POST /api/tickets/7/messages': () => jsonResponse({ ticket: answered }, 201) });
    const { container } = renderWithProviders(<TicketDialog open ticketId="7" onClose={() => undefined} />);
    const dialog = await dialogNamed('Ticket #7');
    const send = await within(dialog).findByRole('button', { name: /Enviar/ });
    expect(send).toBeDisabled();

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Respuesta' }), '   ');
    expect(send).toBeDisabled();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Respuesta' }));
    await userEvent.upload(container.ownerDocument.querySelector<HTMLInputElement>('.ticket-dialog input[type="file"]') as HTMLInputElement, [pngFile()]);
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: /Eliminar archivo/ }));
    await waitFor(() => expect(send).toBeDisabled());
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Respuesta' }), 'Sigue fallando');
    expect(send).toBeEnabled();
    await userEvent.click(send);

    expect(await within(dialog).findByText('Sigue fallando', { selector: '.ticket-message-text' })).toBeInTheDocument();
    const post = fetch.mock.calls.find(([url]) => String(url) === '/api/tickets/7/messages');
    expect((post?.[1]?.body as FormData).get('message')).toBe('Sigue fallando');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Respuesta' })).toHaveValue(''));
  });

  it("shows the server's message, or 'Error al enviar el mensaje', when a reply fails", async () => {
    serveTicket(ticket(), { 'POST /api/tickets/7/messages': () => new Response('', { status: 502 }) });
    renderWithProviders(<TicketDialog open ticketId="7" onClose={() => undefined} />);
    const dialog = await dialogNamed('Ticket #7');
    await userEvent.type(await within(dialog).findByRole('textbox', { name: 'Respuesta' }), 'Hola');
    await userEvent.click(within(dialog).getByRole('button', { name: /Enviar/ }));
    expect(await within(dialog).findByText('Error al enviar el mensaje', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('keeps a closed ticket read-only, with a notice and the rating for its author', async () => {
    serveTicket(ticket({ status: 'closed', canRate: true }), {
      'POST /api/tickets/7/rating': () => jsonResponse({ ticket: ticket({ status: 'closed', rating: 4 }) }),
    });
    renderWithProviders(<TicketDialog open ticketId="7" onClose={() => undefined} />);
    const dialog = await dialogNamed('Ticket #7');
    expect(await within(dialog).findByText('Este ticket está cerrado y ya no admite mensajes.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Respuesta' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Enviar/ })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getAllByRole('radio')[3] as HTMLElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Calificar' }));
    expect(await within(dialog).findByText('4 de 5')).toBeInTheDocument();
  });

  it('lets staff change status and priority, without offering Cerrado there', async () => {
    const fetch = serveTicket(ticket({ canManage: true }), {
      'PUT /api/tickets/7/status': () => jsonResponse({ ticket: ticket({ canManage: true, status: 'resolved' }) }),
    });
    renderWithProviders(<TicketDialog open ticketId="7" onClose={() => undefined} />);
    const dialog = await dialogNamed('Ticket #7');
    await userEvent.click(await within(dialog).findByRole('combobox', { name: 'Estado' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).not.toContain('Cerrado');
    await userEvent.click(screen.getByTitle('Resuelto'));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url) === '/api/tickets/7/status')).toBe(true));
    const put = fetch.mock.calls.find(([url]) => String(url) === '/api/tickets/7/status');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ status: 'resolved' });
    expect(within(dialog).getByRole('combobox', { name: 'Prioridad' })).toBeInTheDocument();
  });

  it("closes the ticket for those allowed, or says 'Error al cerrar el ticket'", async () => {
    serveTicket(ticket({ canManage: true, canClose: true }), { 'PUT /api/tickets/7/status': () => new Response('', { status: 500 }) });
    renderWithProviders(<TicketDialog open ticketId="7" onClose={() => undefined} />);
    const dialog = await dialogNamed('Ticket #7');
    await userEvent.click(await within(dialog).findByRole('button', { name: /Cerrar Ticket/ }));
    const confirm = await screen.findByRole('tooltip');
    await userEvent.click(within(confirm).getByRole('button', { name: /Cerrar Ticket/ }));
    expect(await within(dialog).findByText('Error al cerrar el ticket', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("says 'Error al obtener los detalles del ticket' when the ticket cannot be read", async () => {
    signedIn({ 'GET /api/tickets/9': () => new Response('', { status: 500 }) });
    renderWithProviders(<TicketDialog open ticketId="9" onClose={() => undefined} />);
    const dialog = await dialogNamed('Ticket #9');
    expect(await within(dialog).findByText('Error al obtener los detalles del ticket', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows attached images downloaded with the token', async () => {
    const image = { url: '/api/tickets/7/attachments/3', filename: 'captura.png', contentType: 'image/png' as const };
    const fetch = serveTicket(ticket({ messages: [ticketMessage({ attachments: [image] })] }), {
      [image.url]: () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: 200, headers: { 'Content-Type': 'image/png' } }),
    });
    renderWithProviders(<TicketDialog open ticketId="7" onClose={() => undefined} />);
    const dialog = await dialogNamed('Ticket #7');
    const img = await within(dialog).findByRole('img', { name: 'captura.png' });
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const call = fetch.mock.calls.find(([url]) => String(url) === image.url);
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer token');
  });
});

describe('TicketDialog, closing', () => {
  it('calls onClose', async () => {
    signedIn();
    const onClose = vi.fn();
    renderWithProviders(<TicketDialog open onClose={onClose} />);
    const dialog = await dialogNamed('Nuevo Ticket de Soporte');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalled();
  });
});
