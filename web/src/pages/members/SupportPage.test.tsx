import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { Ticket } from '../../api/types';
import { jsonResponse, mockFetch, profile } from '../../test/fixtures';
import { renderWithProviders, testQueryClient } from '../../test/render';
import { prefetchOpenedPage } from '../../routes';
import { findDialogTitled, ticket, ticketMessage } from '../../test/tickets';
import { setViewport } from '../../test/viewport';
import { failUntilRepaired, findOneRetryableError, retry } from '../../test/loadStates';
import { UNREAD_MARK } from '../../components/tickets/ticketColumns';
import { SupportPage } from './SupportPage';

const player = profile({ username: 'jugador', discordId: '1400000000000000014', discordRoles: [] });

function listRequests(fetch: ReturnType<typeof mockFetch>): URLSearchParams[] {
  return fetch.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith('/api/tickets?'))
    .map((url) => new URLSearchParams(url.split('?')[1]));
}

const lastList = (fetch: ReturnType<typeof mockFetch>) => listRequests(fetch).at(-1) as URLSearchParams;

/** A player with `total` tickets, served a page at a time. */
function servePlayer(total: number, extra: Parameters<typeof mockFetch>[0] = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  const all: Ticket[] = Array.from({ length: total }, (_, i) => ticket({ ticketId: String(i + 1), title: `Ticket número ${i + 1}` }));
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(player),
    '/api/tickets/unread': () => jsonResponse({ count: 0 }),
    'GET /api/tickets': ({ url }) => {
      const params = new URLSearchParams(url.split('?')[1]);
      const page = Number(params.get('page'));
      const limit = Number(params.get('limit'));
      return jsonResponse({ tickets: all.slice((page - 1) * limit, page * limit), total });
    },
    ...extra,
  });
}

describe('SupportPage', () => {
  it('opened directly, asks for its first page of tickets beside its code, and renders with it without asking again', async () => {
    setViewport(1280);
    const fetch = servePlayer(3);
    const queryClient = testQueryClient();
    await prefetchOpenedPage(queryClient, '/support', player);
    expect(listRequests(fetch)).toHaveLength(1);
    expect(queryClient.isFetching()).toBe(0);
    renderWithProviders(<SupportPage />, '/support', queryClient);
    // The rows are there in the first render that draws the list: the answer was in the cache.
    expect(await screen.findByText('Ticket número 1')).toBeInTheDocument();
    expect(screen.getByText('1-3 de 3')).toBeInTheDocument();
    expect(listRequests(fetch)).toHaveLength(1);
  });

  it('asks for nothing beforehand for a member who may not open the page', async () => {
    const fetch = servePlayer(3);
    const queryClient = testQueryClient();
    await prefetchOpenedPage(queryClient, '/support', { ...player, pages: [] });
    await prefetchOpenedPage(queryClient, '/support', null);
    expect(listRequests(fetch)).toHaveLength(0);
  });

  it('lists the tickets with the spec columns, ten to a page', async () => {
    setViewport(1280);
    const fetch = servePlayer(23);
    renderWithProviders(<SupportPage />, '/support');
    expect(screen.getByRole('heading', { name: 'Centro de Soporte' })).toBeInTheDocument();
    expect(await screen.findByText('Ticket número 1')).toBeInTheDocument();
    for (const column of ['ID', 'Título', 'Categoría', 'Estado', 'Prioridad', 'Creado', 'Actualizado']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    expect(screen.getByText('Filas por página')).toBeInTheDocument();
    expect(screen.getByText('1-10 de 23')).toBeInTheDocument();
    expect(lastList(fetch).get('page')).toBe('1');
    expect(lastList(fetch).get('limit')).toBe('10');
    expect(lastList(fetch).getAll('status')).toEqual([]);
  });

  it('marks the tickets with answers not read yet, on a phone too, and drops the mark once one is read', async () => {
    setViewport(390);
    localStorage.setItem(TOKEN_KEY, 'token');
    let answered = ticket({ ticketId: '2', title: 'Me respondieron', unread: true });
    const quiet = ticket({ ticketId: '1', title: 'Sin respuesta' });
    mockFetch({
      '/api/auth/profile': () => jsonResponse(player),
      '/api/tickets/unread': () => jsonResponse(answered.unread ? { count: 1, ticketIds: ['2'] } : { count: 0, ticketIds: [] }),
      'GET /api/tickets': () => jsonResponse({ tickets: [answered, quiet], total: 2 }),
      // Reading a ticket marks it read, as the server does.
      'GET /api/tickets/2': () => {
        answered = { ...answered, unread: false };
        return jsonResponse({ ticket: answered });
      },
    });
    renderWithProviders(<SupportPage />, '/support');
    const marked = await screen.findByRole('listitem', { name: 'Abrir ticket #2: Me respondieron (respuesta nueva)' });
    expect(within(marked).getByText(UNREAD_MARK)).toBeInTheDocument();
    const plain = screen.getByRole('listitem', { name: 'Abrir ticket #1: Sin respuesta' });
    expect(within(plain).queryByText(UNREAD_MARK)).not.toBeInTheDocument();

    await userEvent.click(within(marked).getByText('Me respondieron'));
    const dialog = await findDialogTitled('Ticket #2');
    // The list under the open ticket loses the mark at once, without reading the list again.
    await waitFor(() => expect(screen.queryByText(UNREAD_MARK)).not.toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(await screen.findByRole('listitem', { name: 'Abrir ticket #2: Me respondieron' })).toBeInTheDocument();
  });

  it('asks for the statuses of each tab', async () => {
    const fetch = servePlayer(3);
    renderWithProviders(<SupportPage />, '/support');
    await screen.findByText('Ticket número 1');
    const expected: Record<string, string[]> = {
      Activos: ['open', 'in_progress', 'waiting_staff', 'waiting_user'],
      Resueltos: ['resolved'],
      Cerrados: ['closed'],
      Todos: [],
    };
    for (const [tab, statuses] of Object.entries(expected)) {
      await userEvent.click(screen.getByRole('tab', { name: tab }));
      await waitFor(() => expect(lastList(fetch).getAll('status')).toEqual(statuses));
    }
  });

  it('pages forward, and goes back to the first page when the tab or the page size changes', async () => {
    const fetch = servePlayer(23);
    renderWithProviders(<SupportPage />, '/support');
    await screen.findByText('1-10 de 23');
    await userEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('11-20 de 23')).toBeInTheDocument();
    expect(lastList(fetch).get('page')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('21-23 de 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página siguiente' })).toBeDisabled();

    await userEvent.click(screen.getByRole('tab', { name: 'Activos' }));
    expect(await screen.findByText('1-10 de 23')).toBeInTheDocument();
    expect(lastList(fetch).get('page')).toBe('1');

    await userEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await screen.findByText('11-20 de 23');
    await userEvent.click(screen.getByRole('combobox', { name: 'Filas por página' }));
    await userEvent.click(await screen.findByTitle('5'));
    expect(await screen.findByText('1-5 de 23')).toBeInTheDocument();
    expect(lastList(fetch).get('page')).toBe('1');
    expect(lastList(fetch).get('limit')).toBe('5');
  });

  it("says 'No hay tickets disponibles' when there are none", async () => {
    servePlayer(0);
    renderWithProviders(<SupportPage />, '/support');
    expect(await screen.findByText('No hay tickets disponibles')).toBeInTheDocument();
    expect(screen.getByText('0-0 de 0')).toBeInTheDocument();
  });

  it("says 'Error al cargar los tickets' when the list fails", async () => {
    servePlayer(0, { 'GET /api/tickets': () => new Response('', { status: 500 }) });
    renderWithProviders(<SupportPage />, '/support');
    expect(await screen.findByText('Error al cargar los tickets', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("shows one error with Reintentar, not 'No hay tickets disponibles' nor '0-0 de 0', and the list after a retry", async () => {
    setViewport(1280);
    const server = failUntilRepaired('Error al cargar los tickets');
    servePlayer(0, { 'GET /api/tickets': server.answer(() => jsonResponse({ tickets: [ticket({ title: 'No puedo entrar' })], total: 1 })) });
    renderWithProviders(<SupportPage />, '/support');
    await findOneRetryableError('Error al cargar los tickets');
    expect(screen.queryByText('No hay tickets disponibles')).not.toBeInTheDocument();
    expect(screen.queryByText('0-0 de 0')).not.toBeInTheDocument();

    server.repair();
    await retry();
    expect(await screen.findByText('No puedo entrar')).toBeInTheDocument();
    expect(screen.getByText('1-1 de 1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens a ticket from its row, and reloads the list when the dialog closes', async () => {
    const fetch = servePlayer(2, { 'GET /api/tickets/2': () => jsonResponse({ ticket: ticket({ ticketId: '2', title: 'Ticket número 2' }) }) });
    renderWithProviders(<SupportPage />, '/support');
    await userEvent.click(await screen.findByText('Ticket número 2'));
    const dialog = await findDialogTitled('Ticket #2');
    expect(await within(dialog).findByRole('heading', { name: 'Ticket número 2' })).toBeInTheDocument();
    const before = listRequests(fetch).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(listRequests(fetch).length).toBeGreaterThan(before));
  });

  it('opens a ticket at its address and closes it back to the list, by mouse and by keyboard', async () => {
    servePlayer(2, {
      'GET /api/tickets/1': () => jsonResponse({ ticket: ticket({ ticketId: '1', title: 'Ticket número 1' }) }),
      'GET /api/tickets/2': () => jsonResponse({ ticket: ticket({ ticketId: '2', title: 'Ticket número 2' }) }),
    });
    renderWithProviders(<SupportPage />, '/support');
    await userEvent.click(await screen.findByText('Ticket número 2'));
    let dialog = await findDialogTitled('Ticket #2');
    expect(screen.getByTestId('location')).toHaveTextContent('/support/tickets/2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/support$/));

    // Another ticket, from the keyboard: Enter on its row opens it, Escape closes it.
    screen.getByRole('row', { name: /Abrir ticket #1/ }).focus();
    await userEvent.keyboard('{Enter}');
    dialog = await findDialogTitled('Ticket #1');
    expect(await within(dialog).findByRole('heading', { name: 'Ticket número 1' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/support/tickets/1');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/support$/));
  });

  it('shows the ticket of the address it is opened at, over the list, and closes to the list', async () => {
    servePlayer(2, { 'GET /api/tickets/2': () => jsonResponse({ ticket: ticket({ ticketId: '2', title: 'Ticket número 2' }) }) });
    renderWithProviders(<SupportPage />, '/support/tickets/2');
    const dialog = await findDialogTitled('Ticket #2');
    expect(await within(dialog).findByRole('heading', { name: 'Ticket número 2' })).toBeInTheDocument();
    expect(await screen.findByText('Ticket número 1')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/support$/));
  });

  it("says 'Ticket no encontrado' for a ticket the server will not show, with a way back to the list", async () => {
    servePlayer(1, { 'GET /api/tickets/99': () => jsonResponse({ message: 'Ticket no encontrado' }, 404) });
    renderWithProviders(<SupportPage />, '/support/tickets/99');
    const dialog = await findDialogTitled('Ticket #99');
    expect(await within(dialog).findByRole('heading', { name: 'Ticket no encontrado' })).toBeInTheDocument();
    expect(within(dialog).getByText(/no existe o no tienes acceso/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver a mis tickets' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/support$/));
    expect(await screen.findByText('Ticket número 1')).toBeInTheDocument();
  });

  it('opens the creation form from Nuevo Ticket', async () => {
    servePlayer(0);
    renderWithProviders(<SupportPage />, '/support');
    await userEvent.click(await screen.findByRole('button', { name: /Nuevo Ticket/ }));
    expect(await findDialogTitled('Nuevo Ticket de Soporte')).toBeInTheDocument();
  });

  it('moves a ticket just created to its own address, in the same dialog, and closes back to the list', async () => {
    const created = ticket({ ticketId: '5', title: 'Mi nuevo ticket', messages: [ticketMessage({ content: 'Se cae el juego' })] });
    servePlayer(0, {
      'POST /api/tickets': () => jsonResponse({ ticket: created }, 201),
      'GET /api/tickets/5': () => jsonResponse({ ticket: created }),
    });
    renderWithProviders(<SupportPage />, '/support');
    await userEvent.click(await screen.findByRole('button', { name: /Nuevo Ticket/ }));
    const form = await findDialogTitled('Nuevo Ticket de Soporte');
    await userEvent.type(within(form).getByLabelText('Título'), 'Mi nuevo ticket');
    await userEvent.click(within(form).getByRole('button', { name: /Crear Ticket/ }));

    const dialog = await findDialogTitled('Ticket #5');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/support/tickets/5'));
    expect(await within(dialog).findByText('Se cae el juego')).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/support$/));
  });

  it('asks a signed-out visitor to sign in', () => {
    mockFetch();
    renderWithProviders(<SupportPage />, '/support');
    expect(screen.getByText('Debes iniciar sesión para acceder al sistema de soporte.')).toBeInTheDocument();
  });
});
