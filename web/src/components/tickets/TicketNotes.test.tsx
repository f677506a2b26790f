import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { Ticket } from '../../api/types';
import { jsonResponse, mockFetch, profile } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { findDialogTitled, ticket, ticketMessage } from '../../test/tickets';
import { conversationItems } from './TicketConversation';
import { TicketDialog } from './TicketDialog';

const support = profile({ username: 'soporte', discordId: '1400000000000000020', discordRoles: [] });
const note = { authorId: '1400000000000000020', authorName: 'soporte', content: 'Pedir los logs del cliente', createdAt: '2025-03-03T18:02:00Z' };

function serve(shown: Ticket, handlers: Parameters<typeof mockFetch>[0] = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(support),
    '/api/tickets/unread': () => jsonResponse({ count: 0 }),
    [`GET /api/tickets/${shown.ticketId}`]: () => jsonResponse({ ticket: shown }),
    'GET /api/tickets/canned-replies': () => jsonResponse({ cannedReplies: [{ id: '1', name: 'Reinicio', content: 'Cierra el juego y vuelve a entrar.' }] }),
    ...handlers,
  });
}

describe('staff notes in the conversation', () => {
  it('places notes among the messages by time', () => {
    const items = conversationItems(
      [ticketMessage({ createdAt: '2025-03-03T18:00:00Z' }), ticketMessage({ content: 'después', createdAt: '2025-03-03T18:05:00Z' })],
      [note],
    );
    expect(items.map((item) => item.kind)).toEqual(['message', 'note', 'message']);
  });

  it("shows notes marked 'Nota interna' and saves one with the switch on, without a reply", async () => {
    const staffTicket = ticket({ canManage: true, canAddNote: true, notes: [note] });
    const withTwo = ticket({ canManage: true, canAddNote: true, notes: [note, { ...note, content: 'Ya escalado', createdAt: '2025-03-03T18:10:00Z' }] });
    const fetch = serve(staffTicket, { 'POST /api/tickets/7/notes': () => jsonResponse({ ticket: withTwo }, 201) });
    renderWithProviders(<TicketDialog open ticketId="7" onClose={() => undefined} />);
    const dialog = await findDialogTitled('Ticket #7');
    const shown = await within(dialog).findByRole('listitem', { name: 'Nota interna de soporte' });
    expect(within(shown).getByText('Pedir los logs del cliente')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('switch', { name: 'Nota interna' }));
    expect(within(dialog).getByText('Solo la ve el staff: el jugador nunca la recibe.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nota interna' }), 'Ya escalado');
    await userEvent.click(within(dialog).getByRole('button', { name: /Guardar nota/ }));
    expect(await within(dialog).findByText('Ya escalado', { selector: '.ticket-message-text' })).toBeInTheDocument();
    const post = fetch.mock.calls.find(([url]) => String(url) === '/api/tickets/7/notes');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ content: 'Ya escalado' });
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/tickets/7/messages')).toBe(false);
  });

  it('puts a canned reply in the composer', async () => {
    serve(ticket({ canManage: true, canAddNote: true }));
    renderWithProviders(<TicketDialog open ticketId="7" onClose={() => undefined} />);
    const dialog = await findDialogTitled('Ticket #7');
    await userEvent.click(await within(dialog).findByRole('combobox', { name: 'Respuestas predefinidas' }));
    await userEvent.click(await screen.findByTitle('Reinicio'));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Respuesta' })).toHaveValue('Cierra el juego y vuelve a entrar.'));
  });

  it('offers neither the switch nor the canned replies to the player', async () => {
    const fetch = serve(ticket());
    renderWithProviders(<TicketDialog open ticketId="7" onClose={() => undefined} />);
    const dialog = await findDialogTitled('Ticket #7');
    await within(dialog).findByRole('textbox', { name: 'Respuesta' });
    expect(within(dialog).queryByRole('switch', { name: 'Nota interna' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Respuestas predefinidas' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('canned-replies'))).toBe(false);
  });
});
