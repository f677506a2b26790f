import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { Moderator, Profile, StaffStats, WeeklyReport } from '../../api/types';
import { jsonResponse, mockFetch, profile, roleIds } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { findDialogTitled } from '../../test/tickets';
import { setViewport } from '../../test/viewport';
import { ProtectedRoute } from '../../components/ProtectedRoute';
import { NOT_MEASURED } from '../../components/QueryState';
import { failUntilRepaired, findOneRetryableError, retry } from '../../test/loadStates';
import { quotaAnswer, requestsTo, rosterAnswer, rosterResponse, type QuotaBoardFixture } from '../../test/staffRoster';
import { DashboardPage, NO_WEEKLY_REPORT_TEXT } from './DashboardPage';
import { NO_RATINGS_TEXT, NO_TIME_TEXT } from './emptyFigures';

const people = {
  comite: profile({ username: 'comite', discordRoles: [roleIds.COMITE] }),
  rh: profile({ username: 'rh', discordId: '1400000000000000003', discordRoles: [roleIds.RH] }),
  moderador: profile({ username: 'moderador', discordId: '1400000000000000005', discordRoles: [roleIds.MODERADOR] }),
  trial: profile({ username: 'trial', discordId: '1400000000000000006', discordRoles: [roleIds.TRIAL] }),
  cajero: profile({ username: 'cajero', discordId: '1400000000000000020', discordRoles: [roleIds.TESORERIA, roleIds.MODERADOR] }),
};

function member(UserId: string, username: string, TiempoTotal: number, overrides: Partial<Moderator> = {}): Moderator {
  return {
    UserId,
    username,
    avatar: '',
    TiempoContratado: '2025-01-15T12:00:00Z',
    TiempoTotal,
    Inactividad: 'No',
    jornada: { horasSemanales: 1, Servidor: 'Principal', Lunes: 3600, Martes: 0, Miercoles: 0, Jueves: 0, Viernes: 0, Sabado: 0, Domingo: 0 },
    ...overrides,
  };
}

const roster: Moderator[] = [
  member('101', 'halcon_mx', 15 * 3600),
  member('105', 'moderador', 9 * 3600 + 5),
  member('103', 'quetzal', 4 * 3600),
  member('102', 'ajolote_rp', 2 * 3600 + 30 * 60),
  member('107', 'soporte', 2 * 3600),
  member('104', 'coyote_trial', 3600, { Inactividad: 'Sí', jornada: { horasSemanales: 0, Servidor: '', Lunes: 0, Martes: 0, Miercoles: 0, Jueves: 0, Viernes: 0, Sabado: 0, Domingo: 0 } }),
];

const stats: StaffStats = { horasTotales: 12 * 3600 + 30 * 60 + 5, ticketsAtendidos: 7, usuariosAtendidos: 4, calificacion: 4.5 };

const teamHours = [
  { week: '2026-11-09', server: 'Principal', seconds: 7200 },
  { week: '2026-11-09', server: 'Eventos', seconds: 0 },
  { week: '2026-11-16', server: 'Principal', seconds: 3 * 3600 },
  { week: '2026-11-16', server: 'Eventos', seconds: 5400 },
];

const quotaBoard: QuotaBoardFixture = {
  weekStart: '2026-11-16',
  defaultSeconds: 10 * 3600,
  roles: [{ roleId: roleIds.MODERADOR, role: 'MODERADOR', name: 'Moderador', seconds: 10 * 3600, custom: false }],
  members: [],
};

type Handlers = Parameters<typeof mockFetch>[0];

function serve(user: Profile, extra: Handlers = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(user),
    '/api/tickets/unread': () => jsonResponse({ count: 0 }),
    '/api/staff/stats': () => jsonResponse(stats),
    '/api/staff/moderators': rosterAnswer(roster),
    '/api/staff/reports/weekly': () => jsonResponse({ report: null }),
    '/api/staff/on-shift': () => jsonResponse([]),
    '/api/staff/hours': () => jsonResponse(teamHours),
    '/api/staff/quotas': quotaAnswer(quotaBoard),
    '/api/staff/leaves/mine': () => jsonResponse([]),
    ...extra,
  });
}

const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url).split('?')[0] === path && (init?.method ?? 'GET') === method);
/** The queries the roster was asked with, in order. */
const rosterRequests = (fetch: ReturnType<typeof mockFetch>) => requestsTo(fetch.mock.calls, '/api/staff/moderators');
/** A roster request's page, size and search, as one string. */
const pageAsked = (query: URLSearchParams) => `page=${query.get('page')}&limit=${query.get('limit')}&q=${query.get('q') ?? ''}`;

// Role queries walk antd's whole tree and take a second or more each here; labels are found at once.
const staffTable = () => screen.findByLabelText('Gestión de Staff');
const row = (scope: HTMLElement, name: string) => within(scope).getByText(name).closest('tr') as HTMLElement;

function renderDashboard() {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard" element={<ProtectedRoute otherwise="/treasury"><DashboardPage /></ProtectedRoute>} />
      <Route path="/treasury" element={<p>treasury page</p>} />
      <Route path="/" element={<p>home page</p>} />
    </Routes>,
    '/dashboard',
  );
}

describe('DashboardPage', () => {
  let user: UserEvent;
  // No pause between keystrokes: the forms are typed into many times.
  beforeEach(() => {
    user = userEvent.setup({ delay: null });
  });

  it('welcomes the user and shows the four figures, hours as h/min/s', async () => {
    setViewport(1280);
    serve(people.moderador);
    renderDashboard();
    expect(await screen.findByText('¡Bienvenido, moderador!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Horas totales')).toHaveTextContent('12 h 30 min'));
    expect(screen.getByLabelText('Tickets atendidos')).toHaveTextContent('7');
    expect(screen.getByLabelText('Usuarios atendidos')).toHaveTextContent('4');
    expect(screen.getByLabelText('Calificación')).toHaveTextContent('4.5/ 5');
  });

  it('holds each figure\'s line while it loads, a bar in its place rather than a taller skeleton', async () => {
    setViewport(390);
    // One answer made before the page asks: the figure may render before its request leaves.
    let answer: (response: Response) => void = () => undefined;
    const statsAnswer = new Promise<Response>((resolve) => (answer = resolve));
    serve(people.moderador, { '/api/staff/stats': () => statsAnswer });
    renderDashboard();
    const hours = await screen.findByLabelText('Horas totales');
    expect(within(hours).getByRole('status', { name: 'Cargando…' })).toHaveClass('figure-placeholder');
    expect(hours.querySelector('.ant-skeleton')).toBeNull();
    answer(jsonResponse(stats));
    await waitFor(() => expect(hours).toHaveTextContent('12 h 30 min'));
    expect(within(hours).queryByRole('status')).toBeNull();
  });

  it('says there is no rating and no time yet for a staff member with nothing counted, not 0.0 / 5', async () => {
    setViewport(390);
    serve(people.moderador, { '/api/staff/stats': () => jsonResponse({ horasTotales: 0, ticketsAtendidos: 0, usuariosAtendidos: 0, calificacion: 0 }) });
    renderDashboard();
    await waitFor(() => expect(screen.getByLabelText('Calificación')).toHaveTextContent(NO_RATINGS_TEXT));
    expect(screen.getByLabelText('Calificación')).not.toHaveTextContent('0.0');
    expect(screen.getByLabelText('Horas totales')).toHaveTextContent(NO_TIME_TEXT);
    expect(screen.getByLabelText('Tickets atendidos')).toHaveTextContent('0');
  });

  it("charts the team's hours per week and server, with the same figures as a table", async () => {
    setViewport(1280);
    serve(people.moderador);
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Horas del equipo por semana' });
    const drawing = await within(card).findByRole('img');
    expect(drawing.getAttribute('aria-label')).toBe(
      'Gráfica de barras apiladas: Horas del equipo por semana, de 9 nov a 16 nov. Principal: 5 h en total; Eventos: 1 h 30 min en total.',
    );
    await user.click(within(card).getByRole('button', { name: 'Ver datos' }));
    const rows = within(within(card).getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['Semana delPrincipalEventos', '9 nov2 h0 s', '16 nov3 h1 h 30 min']);
  });

  it('lists the top 5 by time, the first three in gold, silver and bronze', async () => {
    setViewport(1280);
    serve(people.moderador);
    renderDashboard();
    const list = await screen.findByLabelText('Top 5 moderadores');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '1Hhalcon_mx15 h',
      '2Mmoderador9 h',
      '3Qquetzal4 h',
      '4Aajolote_rp2 h 30 min',
      '5Ssoporte2 h',
    ]);
    const colours = [...list.querySelectorAll<HTMLElement>('.staff-rank')].map((rank) => rank.style.background);
    expect(colours.slice(0, 3).every((colour) => colour !== '')).toBe(true);
    expect(new Set(colours.slice(0, 3)).size).toBe(3);
    expect(colours.slice(3)).toEqual(['', '']);
  });

  it('comite sees the staff table and the admin panels grid', async () => {
    setViewport(1280);
    serve(people.comite);
    renderDashboard();
    const table = await staffTable();
    expect(await within(table).findByText('halcon_mx')).toBeInTheDocument();
    const grid = screen.getByLabelText('Paneles de Administración');
    expect(within(grid).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard',
      '/treasury',
      '/sat/business',
      '/security',
      '/legislative',
      '/admin/news',
      '/admin/support',
      '/admin/roles',
    ]);
    const management = screen.getByLabelText('Gestión');
    expect(within(management).getByRole('link', { name: /^Mi Perfil/ })).toHaveAttribute('href', '/staff/profile');
    expect(within(management).getByRole('link', { name: /^Mis Estadísticas/ })).toHaveAttribute('href', '/staff/stats');
  });

  it('rh sees the staff table and the panels RH may open, no others', async () => {
    setViewport(1280);
    serve(people.rh);
    renderDashboard();
    const table = await staffTable();
    expect(await within(table).findByText('coyote_trial')).toBeInTheDocument();
    const grid = screen.getByLabelText('Paneles de Administración');
    for (const panel of ['Tesorería', 'Panel SAT', 'Panel de Soporte', 'Roles y Permisos']) expect(within(grid).getByText(panel)).toBeInTheDocument();
    for (const panel of ['Seguridad y Auditoría', 'Sistema Legislativo', 'Gestión de Noticias']) expect(within(grid).queryByText(panel)).not.toBeInTheDocument();
    expect(screen.queryByText('Crear Reporte de Jornada')).not.toBeInTheDocument();
  });

  it('shows each staffer’s hire date, total, week, last server and status in the table', async () => {
    setViewport(1280);
    serve(people.rh);
    renderDashboard();
    const table = await staffTable();
    await within(table).findByText('halcon_mx');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Miembro',
      'Contratado',
      'Tiempo total',
      'Horas semanales',
      'Último servidor',
      'Estado',
      'Acciones',
    ]);
    expect(row(table, 'halcon_mx')).toHaveTextContent('15 h');
    expect(row(table, 'halcon_mx')).toHaveTextContent('1 h');
    expect(row(table, 'halcon_mx')).toHaveTextContent('Principal');
    expect(row(table, 'halcon_mx')).toHaveTextContent('Activo');
    expect(row(table, 'coyote_trial')).toHaveTextContent('Inactivo');
    expect(within(table).getByText('1-6 de 6')).toBeInTheDocument();
  });

  it('moderador sees the report button and the support panel, not the staff table', async () => {
    setViewport(1280);
    serve(people.moderador);
    renderDashboard();
    expect((await screen.findByText('Crear Reporte de Jornada')).closest('button')).toBeInTheDocument();
    expect(screen.queryByLabelText('Gestión de Staff')).not.toBeInTheDocument();
    const grid = screen.getByLabelText('Paneles de Administración');
    expect(within(grid).getByText('Panel de Soporte')).toBeInTheDocument();
    expect(within(grid).queryByText('Tesorería')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Gestión')).toBeInTheDocument();
  });

  it("a Trial member sees 'Acceso No Disponible' instead of the dashboard", async () => {
    serve(people.trial);
    renderDashboard();
    expect(await screen.findByText('Acceso No Disponible')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Acceso No Disponible' })).toBeInTheDocument();
    expect(screen.getByText('El panel de control no está disponible para usuarios Trial.')).toBeInTheDocument();
    expect(screen.queryByText('Panel de Control')).not.toBeInTheDocument();
  });

  it('sends Tesorería without Comité, RH or AI to /treasury', async () => {
    serve(people.cajero);
    renderDashboard();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/treasury'));
    expect(screen.getByText('treasury page')).toBeInTheDocument();
  });

  it("says 'Formato de datos inesperado' once when the roster is not a list", async () => {
    serve(people.comite, { '/api/staff/moderators': () => jsonResponse({ moderators: roster }) });
    renderDashboard();
    await findOneRetryableError('Formato de datos inesperado');
  });

  it("says 'Error al cargar la lista de moderadores' once, for the top 5 and the table, when the roster fails", async () => {
    serve(people.comite, { '/api/staff/moderators': () => new Response('', { status: 500 }) });
    renderDashboard();
    await findOneRetryableError('Error al cargar la lista de moderadores');
    expect(within(await staffTable()).getByText(NOT_MEASURED)).toBeInTheDocument();
    expect(screen.queryByText('Todavía no hay horas registradas.')).not.toBeInTheDocument();
  });

  it('shows one error with Reintentar instead of zeros when every read fails, and the figures after a retry', async () => {
    const server = failUntilRepaired('Error del servidor');
    serve(people.comite, {
      '/api/staff/stats': server.answer(() => jsonResponse(stats)),
      '/api/staff/moderators': ({ url }) => server.answer(() => rosterResponse(roster, url))(),
      '/api/staff/reports/weekly': server.answer(() => jsonResponse({ report: null })),
    });
    renderDashboard();
    await findOneRetryableError('Error del servidor');
    for (const figure of ['Horas totales', 'Tickets atendidos', 'Usuarios atendidos', 'Calificación']) {
      const card = screen.getByLabelText(figure);
      expect(card).toHaveTextContent(NOT_MEASURED);
      expect(card).not.toHaveTextContent(/\b0\b/);
    }
    expect(screen.queryByText('Todavía no hay horas registradas.')).not.toBeInTheDocument();
    expect(screen.queryByText(NO_WEEKLY_REPORT_TEXT)).not.toBeInTheDocument();

    server.repair();
    await retry();
    await waitFor(() => expect(screen.getByLabelText('Tickets atendidos')).toHaveTextContent('7'));
    expect(await screen.findByRole('list', { name: 'Top 5 moderadores' })).toBeInTheDocument();
    expect(await screen.findByText(NO_WEEKLY_REPORT_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'No hay moderadores disponibles' for an empty roster, and Reintentar reads it again", async () => {
    const fetch = serve(people.rh, { '/api/staff/moderators': rosterAnswer([]) });
    renderDashboard();
    const table = await staffTable();
    expect(await within(table).findByText('No hay moderadores disponibles')).toBeInTheDocument();
    const before = calls(fetch, 'GET', '/api/staff/moderators').length;
    await user.click(within(table).getByText('Reintentar'));
    await waitFor(() => expect(calls(fetch, 'GET', '/api/staff/moderators').length).toBe(before + 1));
  });

  it('Actualizar reads the roster again although it is cached', async () => {
    setViewport(1280);
    const fetch = serve(people.rh);
    renderDashboard();
    const table = await staffTable();
    await within(table).findByText('halcon_mx');
    const before = calls(fetch, 'GET', '/api/staff/moderators').length;
    await user.click(within(table).getByLabelText('Actualizar lista de staff'));
    await waitFor(() => expect(calls(fetch, 'GET', '/api/staff/moderators').length).toBe(before + 1));
  });

  it('adds 1 h 30 min through the hours dialog, then reads the roster again', async () => {
    setViewport(1280);
    const fetch = serve(people.rh, { 'PUT /api/staff/hours': () => jsonResponse({ message: 'Horas actualizadas.', TiempoTotal: 4 * 3600 + 5400, applied: 5400 }) });
    renderDashboard();
    const table = await staffTable();
    await within(table).findByText('quetzal');
    const before = calls(fetch, 'GET', '/api/staff/moderators').length;
    await user.click(within(table).getByLabelText('Ajustar horas de quetzal'));
    const dialog = await findDialogTitled('Ajustar Horas');
    expect(within(dialog).getByRole('radio', { name: 'Sumar' })).toBeChecked();
    await user.type(within(dialog).getByLabelText('Horas'), '1');
    await user.type(within(dialog).getByLabelText('Minutos'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Horas actualizadas. Nuevo total: 5 h 30 min')).toBeInTheDocument();
    const put = calls(fetch, 'PUT', '/api/staff/hours');
    expect(put).toHaveLength(1);
    expect(JSON.parse(String(put[0]?.[1]?.body))).toEqual({ userId: '103', hours: 1, minutes: 30, operation: 'add' });
    await waitFor(() => expect(calls(fetch, 'GET', '/api/staff/moderators').length).toBeGreaterThan(before));
  });

  it('sends empty hours as 0 when subtracting minutes', async () => {
    setViewport(1280);
    const fetch = serve(people.rh, { 'PUT /api/staff/hours': () => jsonResponse({ message: 'Horas actualizadas.', TiempoTotal: 0, applied: 900 }) });
    renderDashboard();
    const table = await staffTable();
    await within(table).findByText('quetzal');
    await user.click(within(table).getByLabelText('Ajustar horas de quetzal'));
    const dialog = await findDialogTitled('Ajustar Horas');
    await user.click(within(dialog).getByText('Restar'));
    await user.type(within(dialog).getByLabelText('Minutos'), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls(fetch, 'PUT', '/api/staff/hours')).toHaveLength(1));
    const put = calls(fetch, 'PUT', '/api/staff/hours');
    expect(JSON.parse(String(put[0]?.[1]?.body))).toEqual({ userId: '103', hours: 0, minutes: 15, operation: 'subtract' });
  });

  it('refuses 60 minutes in the hours dialog without asking the server', async () => {
    setViewport(1280);
    const fetch = serve(people.rh);
    renderDashboard();
    const table = await staffTable();
    await within(table).findByText('quetzal');
    await user.click(within(table).getByLabelText('Ajustar horas de quetzal'));
    const dialog = await findDialogTitled('Ajustar Horas');
    await user.type(within(dialog).getByLabelText('Minutos'), '60');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Los minutos van de 0 a 59')).toBeInTheDocument();
    expect(calls(fetch, 'PUT', '/api/staff/hours')).toHaveLength(0);
  });

  it('refuses letters and a change of nothing in the hours dialog without asking the server', async () => {
    setViewport(1280);
    const fetch = serve(people.rh);
    renderDashboard();
    const table = await staffTable();
    await within(table).findByText('quetzal');
    await user.click(within(table).getByLabelText('Ajustar horas de quetzal'));
    const dialog = await findDialogTitled('Ajustar Horas');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Indica un cambio de al menos 1 minuto: 0 h 0 min no cambia nada')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Horas'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Escribe un número entero, sin letras ni decimales')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Horas'));
    await user.type(within(dialog).getByLabelText('Horas'), '0');
    await user.type(within(dialog).getByLabelText('Minutos'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Indica un cambio de al menos 1 minuto: 0 h 0 min no cambia nada')).toBeInTheDocument();
    expect(calls(fetch, 'PUT', '/api/staff/hours')).toHaveLength(0);
  });

  it('says so when a subtraction stops at zero', async () => {
    setViewport(1280);
    serve(people.rh, { 'PUT /api/staff/hours': () => jsonResponse({ message: 'Horas actualizadas.', TiempoTotal: 0, applied: 4500 }) });
    renderDashboard();
    const table = await staffTable();
    await within(table).findByText('quetzal');
    await user.click(within(table).getByLabelText('Ajustar horas de quetzal'));
    const dialog = await findDialogTitled('Ajustar Horas');
    await user.click(within(dialog).getByText('Restar'));
    await user.type(within(dialog).getByLabelText('Horas'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Se restaron solo 1 h 15 min: el total no puede ser negativo.')).toBeInTheDocument();
    expect(within(dialog).getByText('Horas actualizadas. Nuevo total: 0 s')).toBeInTheDocument();
  });

  it("shows the server's message when an hours change is refused", async () => {
    setViewport(1280);
    serve(people.rh, { 'PUT /api/staff/hours': () => jsonResponse({ message: 'Esa persona no es parte del staff.' }, 404) });
    renderDashboard();
    const table = await staffTable();
    await within(table).findByText('quetzal');
    await user.click(within(table).getByLabelText('Ajustar horas de quetzal'));
    const dialog = await findDialogTitled('Ajustar Horas');
    await user.type(within(dialog).getByLabelText('Horas'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Esa persona no es parte del staff.')).toBeInTheDocument();
  });

  it('dismisses a staffer with a reason, says so and reads the roster again', async () => {
    setViewport(1280);
    let list = roster;
    const fetch = serve(people.rh, {
      '/api/staff/moderators': rosterAnswer(() => list),
      'POST /api/staff/dismiss': () => {
        list = roster.filter((m) => m.UserId !== '102');
        return jsonResponse({ message: 'Baja aplicada.' });
      },
    });
    renderDashboard();
    const table = await staffTable();
    await within(table).findByText('ajolote_rp');
    await user.click(within(table).getByLabelText('Dar de baja a ajolote_rp'));
    const dialog = await findDialogTitled('Dar de Baja');
    await user.type(within(dialog).getByLabelText('Motivo'), 'Inactivo');
    await user.click(within(dialog).getByRole('button', { name: 'Dar de baja' }));
    await waitFor(() => expect(calls(fetch, 'POST', '/api/staff/dismiss')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetch, 'POST', '/api/staff/dismiss')[0]?.[1]?.body))).toEqual({ userId: '102', reason: 'Inactivo' });
    expect(await within(table).findByText('Baja aplicada: ajolote_rp ya no forma parte del staff.')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('ajolote_rp')).not.toBeInTheDocument());
  });

  it('asks the server for the top 5 only: one roster request, of 5, for a member without the table', async () => {
    setViewport(1280);
    const fetch = serve(people.moderador);
    renderDashboard();
    const list = await screen.findByLabelText('Top 5 moderadores');
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(rosterRequests(fetch).map(pageAsked)).toEqual(['page=1&limit=5&q=']);
  });

  it('asks a director for the top 5 and the table’s first page, never the whole roster', async () => {
    setViewport(1280);
    const fetch = serve(people.comite);
    renderDashboard();
    await within(await staffTable()).findByText('coyote_trial');
    await screen.findByLabelText('Top 5 moderadores');
    expect(rosterRequests(fetch).map(pageAsked).sort()).toEqual(['page=1&limit=10&q=', 'page=1&limit=5&q=']);
  });

  it('shows a calm text when there is no weekly report yet', async () => {
    serve(people.moderador);
    renderDashboard();
    const card = await screen.findByLabelText('Último Reporte Semanal');
    expect(
      await within(card).findByText('Todavía no hay un reporte semanal. El bot lo publica cada lunes con las horas de la semana anterior.'),
    ).toBeInTheDocument();
  });

  it('shows the last weekly report with who fell under the quota', async () => {
    setViewport(1280);
    const report: WeeklyReport = {
      weekStart: '2025-03-03',
      quotaSeconds: 10 * 3600,
      lines: [
        { userId: '101', username: 'halcon_mx', seconds: 15 * 3600, underQuota: false },
        { userId: '102', username: 'ajolote_rp', seconds: 2 * 3600, underQuota: true },
      ],
    };
    serve(people.moderador, { '/api/staff/reports/weekly': () => jsonResponse({ report }) });
    renderDashboard();
    const card = await screen.findByLabelText('Último Reporte Semanal');
    const list = await within(card).findByLabelText('Horas de la semana por miembro');
    expect(within(card).getByText(/Cuota semanal: 10 h/)).toHaveTextContent('1 de 2 bajo la cuota');
    expect(within(card).getByText(/^Semana del/)).toHaveTextContent(/3.*9/);
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('halcon_mx15 hCumplió');
    expect(second).toHaveTextContent('ajolote_rp2 hBajo la cuota');
  });

  it('sends a shift report with today’s date and closes the dialog after the success text', async () => {
    const fetch = serve(people.moderador, { 'POST /api/staff/report': () => jsonResponse({ message: 'Reporte enviado.' }, 201) });
    renderDashboard();
    await user.click(await screen.findByText('Crear Reporte de Jornada'));
    const dialog = await findDialogTitled('Crear Reporte de Jornada');
    const date = within(dialog).getByLabelText('Fecha');
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(date).toHaveValue(today);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar Reporte' }));
    expect(await within(dialog).findByText('Escribe el contenido del reporte')).toBeInTheDocument();
    expect(calls(fetch, 'POST', '/api/staff/report')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Contenido'), 'Atendí tres tickets.');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar Reporte' }));
    expect(await within(dialog).findByText('Reporte enviado exitosamente')).toBeInTheDocument();
    expect(JSON.parse(String(calls(fetch, 'POST', '/api/staff/report')[0]?.[1]?.body))).toEqual({ date: today, content: 'Atendí tres tickets.' });
    // Under jsdom the closing animation never ends, so the dialog is seen starting to leave.
    expect(dialog).not.toHaveClass('ant-zoom-leave');
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'), { timeout: 6000 });
  });

  it("says 'Error al enviar el reporte' when the report fails without a message", async () => {
    serve(people.moderador, { 'POST /api/staff/report': () => new Response('', { status: 500 }) });
    renderDashboard();
    await user.click(await screen.findByText('Crear Reporte de Jornada'));
    const dialog = await findDialogTitled('Crear Reporte de Jornada');
    await user.type(within(dialog).getByLabelText('Contenido'), 'Atendí tres tickets.');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar Reporte' }));
    expect(await within(dialog).findByText('Error al enviar el reporte')).toBeInTheDocument();
  });

  it("shows the server's message when the report is refused", async () => {
    serve(people.moderador, { 'POST /api/staff/report': () => jsonResponse({ message: 'La fecha es obligatoria (AAAA-MM-DD).' }, 400) });
    renderDashboard();
    await user.click(await screen.findByText('Crear Reporte de Jornada'));
    const dialog = await findDialogTitled('Crear Reporte de Jornada');
    await user.type(within(dialog).getByLabelText('Contenido'), 'Atendí tres tickets.');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar Reporte' }));
    expect(await within(dialog).findByText('La fecha es obligatoria (AAAA-MM-DD).')).toBeInTheDocument();
  });
});
