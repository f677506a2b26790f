import { useQueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { Moderator } from '../../api/types';
import { jsonResponse, mockFetch, profile, roleIds } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { findDialogTitled, ticket, ticketStats } from '../../test/tickets';
import { setViewport } from '../../test/viewport';
import { NOT_MEASURED } from '../../components/QueryState';
import { failUntilRepaired, findOneRetryableError, retry } from '../../test/loadStates';
import { requestsTo, rosterAnswer } from '../../test/staffRoster';
import { LIVE_KINDS } from '../../api/serverConstants.gen';
import { foldLiveEvent } from '../../live/fold';
import { AdminSupportPage } from './AdminSupportPage';

/** A button that folds a live event into the cache, as the stream does. */
function LiveEvent({ event }: { event: string }) {
  const queryClient = useQueryClient();
  return (
    <button type="button" onClick={() => void foldLiveEvent(queryClient, { event, data: '{}' })}>
      evento en vivo
    </button>
  );
}

const moderator = profile({ username: 'moderador', discordId: '1400000000000000005', discordRoles: [roleIds.MODERADOR] });

function member(UserId: string, username: string): Moderator {
  return {
    UserId,
    username,
    avatar: '',
    TiempoContratado: null,
    TiempoTotal: 0,
    Inactividad: 'No',
    jornada: { horasSemanales: 0, Servidor: '', Lunes: 0, Martes: 0, Miercoles: 0, Jueves: 0, Viernes: 0, Sabado: 0, Domingo: 0 },
  };
}

const ticketDays = [
  { day: '2026-11-16', opened: 3, resolved: 1, medianFirstResponseSeconds: 900, medianResolutionSeconds: 7200 },
  { day: '2026-11-17', opened: 1, resolved: 3, medianFirstResponseSeconds: null, medianResolutionSeconds: 3600 },
];

function serveStaff(extra: Parameters<typeof mockFetch>[0] = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(moderator),
    '/api/tickets/unread': () => jsonResponse({ count: 0 }),
    '/api/tickets/stats/summary': () => jsonResponse({ stats: ticketStats() }),
    '/api/tickets/stats/daily': () => jsonResponse(ticketDays),
    'GET /api/tickets': () =>
      jsonResponse({ tickets: [ticket({ assignedTo: { staffId: '1400000000000000007', staffUsername: 'soporte' } }), ticket({ ticketId: '8', title: 'Sin dueño' })], total: 2 }),
    '/api/staff/moderators': rosterAnswer([member('1400000000000000005', 'moderador'), member('1400000000000000007', 'soporte')]),
    ...extra,
  });
}

/** An option of the open select list. */
function option(title: string): HTMLElement {
  const found = screen.getAllByTitle(title).find((element) => element.classList.contains('ant-select-item-option'));
  if (!found) throw new Error(`no option ${title}`);
  return found;
}

const card = (title: string) => screen.getByRole('group', { name: title });
const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('AdminSupportPage', () => {
  it('says in words that no ticket has been rated yet, never "0.0 / 5"', async () => {
    setViewport(1280);
    serveStaff({ '/api/tickets/stats/summary': () => jsonResponse({ stats: ticketStats({ satisfaction: { average: 0, count: 0 } }) }) });
    renderWithProviders(<AdminSupportPage />, '/admin/support');
    await waitFor(() => expect(card('Satisfacción')).toHaveTextContent('Sin calificaciones todavía'));
    expect(card('Satisfacción')).not.toHaveTextContent('/ 5');
    expect(card('Tickets Totales')).toHaveTextContent('Tickets Totales16');
  });

  it('shows the four figures: every status together, resolved plus closed, hours and satisfaction', async () => {
    setViewport(1280);
    serveStaff();
    renderWithProviders(<AdminSupportPage />, '/admin/support');
    await waitFor(() => expect(card('Tickets Totales')).toHaveTextContent('Tickets Totales16'));
    expect(card('Resueltos')).toHaveTextContent('Resueltos9');
    expect(card('Tiempo Promedio')).toHaveTextContent('Tiempo Promedio2.5h');
    expect(card('Satisfacción')).toHaveTextContent('Satisfacción4.3/ 5');
    expect(screen.getByText('Volver al Dashboard')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'ID',
      'Título',
      'Categoría',
      'Estado',
      'Prioridad',
      'Asignado a',
      'Creado',
      'Acciones',
    ]);
    expect(row('Sin dueño')).toHaveTextContent('Sin asignar');
    expect(row('No puedo entrar')).toHaveTextContent('soporte');
  });

  it('keeps the list in place when the live stream brings a new ticket, counting it on Actualizar until asked', async () => {
    setViewport(1280);
    let list = [ticket({ ticketId: '8', title: 'Sin dueño' })];
    serveStaff({ 'GET /api/tickets': () => jsonResponse({ tickets: list, total: list.length }) });
    renderWithProviders(
      <>
        <AdminSupportPage />
        <LiveEvent event={LIVE_KINDS.TicketCreated} />
      </>,
      '/admin/support',
    );
    await screen.findByText('Sin dueño');
    list = [ticket({ ticketId: '9', title: 'Recién llegado' }), ...list];
    await userEvent.click(screen.getByRole('button', { name: 'evento en vivo' }));

    const refresh = await screen.findByRole('button', { name: /Actualizar: 1 ticket nuevo$/ });
    expect(screen.queryByText('Recién llegado')).toBeNull();
    expect(row('Sin dueño')).toBeInTheDocument();
    await userEvent.click(refresh);
    expect(await screen.findByText('Recién llegado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Actualizar$/ })).toBeInTheDocument();
  });

  it('charts tickets opened and resolved per day and the median times, each with its figures as a table', async () => {
    setViewport(1280);
    serveStaff();
    renderWithProviders(<AdminSupportPage />, '/admin/support');
    const counts = await screen.findByRole('region', { name: 'Tickets por día (últimos 30 días)' });
    expect((await within(counts).findByRole('img')).getAttribute('aria-label')).toBe(
      'Gráfica de barras: Tickets por día (últimos 30 días), de 16 nov a 17 nov. Abiertos: 4 en total; Resueltos: 4 en total.',
    );
    await userEvent.click(within(counts).getByRole('button', { name: 'Ver datos' }));
    expect(within(counts).getAllByRole('row').map((r) => r.textContent)).toEqual(['DíaAbiertosResueltos', '16 nov31', '17 nov13']);
    const times = screen.getByRole('region', { name: 'Tiempos de atención por día (medianas)' });
    await userEvent.click(within(times).getByRole('button', { name: 'Ver datos' }));
    expect(within(times).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'DíaMediana de primera respuestaMediana de resolución',
      '16 nov15 min2 h',
      '17 nov—1 h',
    ]);
  });

  it('sends the search and the filters, back on the first page', async () => {
    setViewport(1280);
    const fetch = serveStaff();
    renderWithProviders(<AdminSupportPage />, '/admin/support');
    await screen.findByText('Sin dueño');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar tickets' }), 'servidor{Enter}');
    await userEvent.click(screen.getByRole('combobox', { name: 'Filtrar por prioridad' }));
    await userEvent.click(await screen.findByTitle('Alta'));
    await waitFor(() => {
      const last = new URLSearchParams(String(fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/tickets?')).at(-1)?.[0]).split('?')[1]);
      expect(last.get('search')).toBe('servidor');
      expect(last.get('priority')).toBe('High');
      expect(last.get('page')).toBe('1');
    });
  });

  it("assigns a ticket to a staff member, or to nobody with 'Sin asignar'", async () => {
    setViewport(1280);
    const fetch = serveStaff({ 'PUT /api/tickets/7/assign': () => jsonResponse({ ticket: ticket() }) });
    renderWithProviders(<AdminSupportPage />, '/admin/support');
    await userEvent.click(await screen.findByRole('button', { name: 'Asignar ticket #7' }));
    const dialog = await findDialogTitled('Asignar Ticket');
    const select = within(dialog).getByRole('combobox', { name: 'Asignar a' });
    await userEvent.click(select);
    await waitFor(() => expect(option('moderador')).toBeInTheDocument());
    await userEvent.click(option('Sin asignar'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url) === '/api/tickets/7/assign')).toBe(true));
    const put = fetch.mock.calls.find(([url]) => String(url) === '/api/tickets/7/assign');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ staffId: null });
  });

  it('searches the assignee on the server, 20 at a time, keeping nobody first and the assigned member listed', async () => {
    setViewport(1280);
    const roster = [member('1400000000000000005', 'moderador'), member('1400000000000000007', 'soporte'), member('1400000000000000009', 'Soporte_Nocturno')];
    const fetch = serveStaff({
      'GET /api/tickets': () =>
        jsonResponse({ tickets: [ticket({ assignedTo: { staffId: '1400000000000000099', staffUsername: 'ausente' } })], total: 1 }),
      '/api/staff/moderators': rosterAnswer(roster),
      'PUT /api/tickets/7/assign': () => jsonResponse({ ticket: ticket() }),
    });
    renderWithProviders(<AdminSupportPage />, '/admin/support');
    await userEvent.click(await screen.findByRole('button', { name: 'Asignar ticket #7' }));
    const dialog = await findDialogTitled('Asignar Ticket');
    const select = within(dialog).getByRole('combobox', { name: 'Asignar a' });
    // The member assigned now is shown by the name the ticket gives, though the roster's page does not list them.
    expect(within(dialog).getByTitle('ausente')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetch.mock.calls, '/api/staff/moderators').map(String)).toEqual(['limit=20&page=1']));

    await userEvent.click(select);
    await userEvent.type(select, 'soPORte');
    await waitFor(() => expect(requestsTo(fetch.mock.calls, '/api/staff/moderators').at(-1)?.get('q')).toBe('soPORte'));
    await waitFor(() => expect(screen.queryAllByTitle('moderador').filter((found) => found.classList.contains('ant-select-item-option'))).toHaveLength(0));
    const listed = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].map((found) => found.getAttribute('title'));
    expect(listed).toEqual(['Sin asignar', 'ausente', 'soporte', 'Soporte_Nocturno']);
    expect(requestsTo(fetch.mock.calls, '/api/staff/moderators').every((query) => query.get('limit') === '20' && query.get('page') === '1')).toBe(true);

    await userEvent.click(option('Soporte_Nocturno'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url) === '/api/tickets/7/assign')).toBe(true));
    const put = fetch.mock.calls.find(([url]) => String(url) === '/api/tickets/7/assign');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ staffId: '1400000000000000009' });
  });

  it("says 'Error al asignar el ticket' when the assignment fails", async () => {
    setViewport(1280);
    serveStaff({ 'PUT /api/tickets/8/assign': () => new Response('', { status: 500 }) });
    renderWithProviders(<AdminSupportPage />, '/admin/support');
    await userEvent.click(await screen.findByRole('button', { name: 'Asignar ticket #8' }));
    const dialog = await findDialogTitled('Asignar Ticket');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Asignar a' }));
    await waitFor(() => expect(option('moderador')).toBeInTheDocument());
    await userEvent.click(option('moderador'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    expect(await within(dialog).findByText('Error al asignar el ticket')).toBeInTheDocument();
  });

  it("changes the priority, or says 'Error al actualizar la prioridad'", async () => {
    setViewport(1280);
    const fetch = serveStaff({ 'PUT /api/tickets/7/priority': () => new Response('', { status: 500 }) });
    renderWithProviders(<AdminSupportPage />, '/admin/support');
    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar prioridad del ticket #7' }));
    const dialog = await findDialogTitled('Cambiar Prioridad');
    await userEvent.click(within(dialog).getByText('Alta'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Error al actualizar la prioridad')).toBeInTheDocument();
    const put = fetch.mock.calls.find(([url]) => String(url) === '/api/tickets/7/priority');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ priority: 'High' });
  });

  it("says 'Error al cargar los detalles del ticket' when a ticket cannot be opened", async () => {
    setViewport(1280);
    serveStaff({ 'GET /api/tickets/7': () => new Response('', { status: 500 }) });
    renderWithProviders(<AdminSupportPage />, '/admin/support');
    await userEvent.click(await screen.findByRole('button', { name: 'Ver ticket #7' }));
    const dialog = await findDialogTitled('Ticket #7');
    expect(await within(dialog).findByText('Error al cargar los detalles del ticket', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("says 'Error al cargar los tickets' when the list fails", async () => {
    serveStaff({ 'GET /api/tickets': () => jsonResponse({ message: 'Error al cargar los tickets' }, 500) });
    renderWithProviders(<AdminSupportPage />, '/admin/support');
    expect(await screen.findByText('Error al cargar los tickets', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows one error with Reintentar instead of zero figures and an empty list, and both after a retry', async () => {
    setViewport(1280);
    const server = failUntilRepaired('Error del servidor');
    serveStaff({
      '/api/tickets/stats/summary': server.answer(() => jsonResponse({ stats: ticketStats() })),
      'GET /api/tickets': server.answer(() => jsonResponse({ tickets: [ticket()], total: 1 })),
    });
    renderWithProviders(<AdminSupportPage />, '/admin/support');
    await findOneRetryableError('Error del servidor');
    for (const title of ['Tickets Totales', 'Tiempo Promedio', 'Resueltos', 'Satisfacción']) {
      expect(card(title)).toHaveTextContent(`${title}${NOT_MEASURED}`);
    }
    expect(screen.queryByText('No hay tickets disponibles')).not.toBeInTheDocument();
    expect(screen.queryByText('0-0 de 0')).not.toBeInTheDocument();

    server.repair();
    await retry();
    await waitFor(() => expect(card('Tickets Totales')).toHaveTextContent('Tickets Totales16'));
    expect(await screen.findByText('No puedo entrar')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in', () => {
    mockFetch();
    renderWithProviders(<AdminSupportPage />, '/admin/support');
    expect(screen.getByText('Debes iniciar sesión para acceder al panel de soporte.')).toBeInTheDocument();
  });
  it('opens a ticket at its address from Ver, and at once when the panel is opened at that address', async () => {
    serveStaff({ 'GET /api/tickets/8': () => jsonResponse({ ticket: ticket({ ticketId: '8', title: 'Sin dueño' }) }) });
    renderWithProviders(<AdminSupportPage />, '/admin/support/tickets/8');
    let dialog = await findDialogTitled('Ticket #8');
    expect(await within(dialog).findByRole('heading', { name: 'Sin dueño' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/support$/));

    await userEvent.click(await screen.findByRole('button', { name: 'Ver ticket #8' }));
    dialog = await findDialogTitled('Ticket #8');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/support/tickets/8');
  });

  it("says 'Ticket no encontrado' for an id the server does not know, with a way back to the panel", async () => {
    serveStaff({ 'GET /api/tickets/404': () => jsonResponse({ message: 'Ticket no encontrado' }, 404) });
    renderWithProviders(<AdminSupportPage />, '/admin/support/tickets/404');
    const dialog = await findDialogTitled('Ticket #404');
    expect(await within(dialog).findByRole('heading', { name: 'Ticket no encontrado' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver al panel de soporte' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/support$/));
  });
});
