import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { StaffProfile } from '../../api/types';
import { jsonResponse, mockFetch, profile, roleIds } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { setViewport } from '../../test/viewport';
import { StaffProfilePage } from './StaffProfilePage';
import { StaffStatsPage } from './StaffStatsPage';
import { NO_RATINGS_TEXT, NO_TIME_TEXT } from './emptyFigures';

const moderador = profile({ username: 'moderador', discordId: '1400000000000000005', discordRoles: [roleIds.MODERADOR] });

function staffProfile(overrides: Partial<StaffProfile> = {}): StaffProfile {
  return {
    username: 'moderador',
    avatar: '',
    Inactividad: 'No',
    TiempoContratado: '2025-01-15T12:00:00Z',
    Calificacion: 4.5,
    TiempoTotal: 9 * 3600 + 30 * 60 + 12,
    TicketsAtendidos: 3,
    NotaAdministrativa: [{ Nota: 'Excelente trato con los jugadores.', Aplicador: 'rh', Aplicado: '2025-02-01T18:00:00Z' }],
    WarnAdministrativo: [{ Warn: [{ Warn: 'Llegó tarde al evento.', Aplicador: 'comite', Aplicado: '2025-02-10T18:00:00Z' }] }],
    jornada: { horasSemanales: 5.5, Servidor: 'Eventos', Lunes: 3 * 3600, Martes: 0, Miercoles: 2 * 3600 + 30 * 60, Jueves: 0, Viernes: 0, Sabado: 0, Domingo: 45 },
    ...overrides,
  };
}

type Handlers = Parameters<typeof mockFetch>[0];

function serve(extra: Handlers = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(moderador),
    '/api/tickets/unread': () => jsonResponse({ count: 0 }),
    '/api/staff/profile': () => jsonResponse(staffProfile()),
    '/api/tickets/stats/daily': () => jsonResponse([{ day: '2026-11-17', opened: 2, resolved: 1, medianFirstResponseSeconds: 600, medianResolutionSeconds: 3600 }]),
    '/api/staff/stats/hours': () =>
      jsonResponse([
        { week: '2026-11-09', server: 'Principal', seconds: 0 },
        { week: '2026-11-09', server: 'Eventos', seconds: 0 },
        { week: '2026-11-16', server: 'Principal', seconds: 3600 },
        { week: '2026-11-16', server: 'Eventos', seconds: 1800 },
      ]),
    '/api/staff/stats': () => jsonResponse({ horasTotales: 9 * 3600 + 30 * 60 + 12, ticketsAtendidos: 3, usuariosAtendidos: 2, calificacion: 4.5 }),
    ...extra,
  });
}

const figure = (name: string) => screen.getByRole('group', { name });

describe('StaffProfilePage', () => {
  it('shows status, hire date, rating, total time in h/min/s and tickets', async () => {
    setViewport(1280);
    serve();
    renderWithProviders(<StaffProfilePage />, '/staff/profile');
    expect(await screen.findByRole('heading', { name: 'moderador', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mi Perfil', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Volver al Dashboard')).toBeInTheDocument();
    expect(screen.getByText('Activo')).toBeInTheDocument();
    expect(screen.getByText(/^Contratado el .*2025/)).toBeInTheDocument();
    expect(figure('Tiempo total')).toHaveTextContent('9 h 30 min');
    expect(figure('Tickets atendidos')).toHaveTextContent('3');
    expect(figure('Calificación')).toHaveTextContent('4.5 / 5');
  });

  it('says there is no rating and no time yet instead of 0.0 / 5 and 0 s for a new staff member', async () => {
    setViewport(390);
    serve({ '/api/staff/profile': () => jsonResponse(staffProfile({ Calificacion: 0, TiempoTotal: 0, TicketsAtendidos: 0 })) });
    renderWithProviders(<StaffProfilePage />, '/staff/profile');
    await screen.findByRole('heading', { name: 'moderador', level: 2 });
    expect(figure('Calificación')).toHaveTextContent(NO_RATINGS_TEXT);
    expect(figure('Calificación')).not.toHaveTextContent('/ 5');
    expect(figure('Tiempo total')).toHaveTextContent(NO_TIME_TEXT);
    expect(figure('Tickets atendidos')).toHaveTextContent('0');
  });

  it('lists the notes and the warnings with who applied them', async () => {
    serve();
    renderWithProviders(<StaffProfilePage />, '/staff/profile');
    const notes = await screen.findByRole('region', { name: 'Notas Administrativas' });
    expect(within(notes).getByText('Excelente trato con los jugadores.')).toBeInTheDocument();
    expect(within(notes).getByText(/Aplicada por rh/)).toBeInTheDocument();
    const warns = screen.getByRole('region', { name: 'Advertencias' });
    expect(within(warns).getByText('Llegó tarde al evento.')).toBeInTheDocument();
    expect(within(warns).getByText(/Aplicada por comite/)).toBeInTheDocument();
  });

  it('says when there are no notes or warnings, and marks an inactive member', async () => {
    serve({ '/api/staff/profile': () => jsonResponse(staffProfile({ NotaAdministrativa: [], WarnAdministrativo: [], Inactividad: 'Sí', TiempoContratado: null })) });
    renderWithProviders(<StaffProfilePage />, '/staff/profile');
    expect(await screen.findByText('Sin notas administrativas.')).toBeInTheDocument();
    expect(screen.getByText('Sin advertencias.')).toBeInTheDocument();
    expect(screen.getByText('Inactivo')).toBeInTheDocument();
    expect(screen.getByText('Sin fecha de contratación registrada')).toBeInTheDocument();
  });

  it("says 'Error al cargar el perfil' when the profile fails", async () => {
    serve({ '/api/staff/profile': () => new Response('', { status: 500 }) });
    renderWithProviders(<StaffProfilePage />, '/staff/profile');
    expect(await screen.findByText('Error al cargar el perfil', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('StaffStatsPage', () => {
  it('shows the same durations as the profile, in seconds as sent, and the people attended', async () => {
    setViewport(1280);
    serve();
    renderWithProviders(<StaffStatsPage />, '/staff/stats');
    expect(await screen.findByRole('heading', { name: 'Mis Estadísticas', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(figure('Tiempo total')).toHaveTextContent('9 h 30 min'));
    expect(figure('Tickets atendidos')).toHaveTextContent('3');
    expect(figure('Calificación')).toHaveTextContent('4.5 / 5');
    await waitFor(() => expect(figure('Usuarios atendidos')).toHaveTextContent('2'));
  });

  it("charts this week's time per day, Monday to Sunday, with each value in words", async () => {
    serve();
    renderWithProviders(<StaffStatsPage />, '/staff/stats');
    const card = await screen.findByRole('region', { name: 'Horas de Esta Semana' });
    expect(within(card).getByRole('img').getAttribute('aria-label')).toBe('Gráfica de barras: Horas de Esta Semana, de Lunes a Domingo. Tiempo: 5 h 30 min en total.');
    await userEvent.click(within(card).getByRole('button', { name: 'Ver datos' }));
    const rows = within(within(card).getByRole('table')).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'Lunes3 h',
      'Martes0 s',
      'Miércoles2 h 30 min',
      'Jueves0 s',
      'Viernes0 s',
      'Sábado0 s',
      'Domingo45 s',
    ]);
    expect(within(card).getByText(/Total de la semana/)).toHaveTextContent('5 h 30 min');
    expect(within(card).getByText(/Último servidor/)).toHaveTextContent('Eventos');
    // The member's own weeks, one series per server.
    const weeks = await screen.findByRole('region', { name: 'Mis horas por semana' });
    await userEvent.click(await within(weeks).findByRole('button', { name: 'Ver datos' }));
    const table = within(weeks).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Semana del', 'Principal', 'Eventos']);
    expect(within(table).getAllByRole('row')[2]?.textContent).toBe('16 nov1 h30 min');
    // And the desk's days, as on the support panel.
    const tickets = screen.getByRole('region', { name: 'Tickets por día (últimos 30 días)' });
    expect((await within(tickets).findByRole('img')).getAttribute('aria-label')).toContain('Abiertos: 2 en total; Resueltos: 1 en total');
  });

  it("says 'Error al cargar el perfil' when the profile fails", async () => {
    serve({ '/api/staff/profile': () => new Response('', { status: 500 }) });
    renderWithProviders(<StaffStatsPage />, '/staff/stats');
    expect(await screen.findByText('Error al cargar el perfil', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
