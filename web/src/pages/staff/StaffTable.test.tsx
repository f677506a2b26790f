import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { Moderator } from '../../api/types';
import { jsonResponse, mockFetch, profile, roleIds } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { requestsTo, rosterAnswer } from '../../test/staffRoster';
import { findDialogTitled } from '../../test/tickets';
import { setViewport } from '../../test/viewport';
import { NO_MATCHING_STAFF_TEXT, NO_MODERATORS_TEXT, STAFF_SEARCH_LABEL, STAFF_SEARCH_PLACEHOLDER, StaffTable } from './StaffTable';

const rh = profile({ username: 'rh', discordId: '1400000000000000003', discordRoles: [roleIds.RH] });

function member(UserId: string, username: string, TiempoTotal: number): Moderator {
  return {
    UserId,
    username,
    avatar: '',
    TiempoContratado: '2025-01-15T12:00:00Z',
    TiempoTotal,
    Inactividad: 'No',
    jornada: { horasSemanales: 1, Servidor: 'Principal', Lunes: 3600, Martes: 0, Miercoles: 0, Jueves: 0, Viernes: 0, Sabado: 0, Domingo: 0 },
  };
}

/** `count` members, staff_00 first (most time). */
const staff = (count: number) => Array.from({ length: count }, (_, i) => member(String(200 + i), `staff_${String(i).padStart(2, '0')}`, (20 - i) * 3600));

type Handlers = Parameters<typeof mockFetch>[0];

function serve(extra: Handlers = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(rh),
    '/api/tickets/unread': () => jsonResponse({ count: 0 }),
    ...extra,
  });
}

/** The roster requests' page, size and search, in order. */
const asked = (fetch: ReturnType<typeof mockFetch>) =>
  requestsTo(fetch.mock.calls, '/api/staff/moderators').map((query) => `page=${query.get('page')}&limit=${query.get('limit')}&q=${query.get('q') ?? ''}`);

function renderTable() {
  renderWithProviders(<StaffTable />, '/dashboard');
  return screen.findByLabelText('Gestión de Staff');
}

describe('StaffTable', () => {
  let user: UserEvent;
  beforeEach(() => {
    user = userEvent.setup({ delay: null });
  });

  it('pages on the server, 10 rows at a time, with 5 and 25 to choose from', async () => {
    setViewport(1280);
    const fetch = serve({ '/api/staff/moderators': rosterAnswer(staff(12)) });
    const table = await renderTable();
    await within(table).findByText('staff_00');
    expect(within(table).getByText('1-10 de 12')).toBeInTheDocument();
    expect(within(table).queryByText('staff_10')).not.toBeInTheDocument();
    expect(asked(fetch)).toEqual(['page=1&limit=10&q=']);

    await user.click(within(table).getByLabelText('Página siguiente'));
    expect(await within(table).findByText('staff_11')).toBeInTheDocument();
    expect(within(table).getByText('11-12 de 12')).toBeInTheDocument();
    expect(within(table).queryByText('staff_00')).not.toBeInTheDocument();
    expect(asked(fetch)).toEqual(['page=1&limit=10&q=', 'page=2&limit=10&q=']);

    await user.click(within(table).getByLabelText('Filas por página'));
    const options = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
      expect(found).toHaveLength(3);
      return found;
    });
    expect(options.map((option) => option.textContent)).toEqual(['5', '10', '25']);
    await user.click(options[0] as HTMLElement);
    expect(await within(table).findByText('staff_04')).toBeInTheDocument();
    expect(within(table).getByText('1-5 de 12')).toBeInTheDocument();
    expect(within(table).queryByText('staff_05')).not.toBeInTheDocument();
    expect(asked(fetch).at(-1)).toBe('page=1&limit=5&q=');
  });

  it('searches by name on the server once typing pauses, or at once on Enter, back on the first page', async () => {
    setViewport(1280);
    const fetch = serve({ '/api/staff/moderators': rosterAnswer([...staff(12), member('300', 'Halcón_Norte', 3600)]) });
    const table = await renderTable();
    await within(table).findByText('staff_00');
    await user.click(within(table).getByLabelText('Página siguiente'));
    expect(await within(table).findByText('11-13 de 13')).toBeInTheDocument();

    const box = within(table).getByRole('searchbox', { name: STAFF_SEARCH_LABEL });
    expect(box).toHaveAttribute('placeholder', STAFF_SEARCH_PLACEHOLDER);
    // Beside the table on a wide screen, not across it.
    expect(box.closest('.ant-input-search')).toHaveStyle({ width: '320px' });
    await user.type(box, 'STAFF_1');
    expect(await within(table).findByText('1-2 de 2')).toBeInTheDocument();
    expect(within(table).getByText('staff_10')).toBeInTheDocument();
    expect(within(table).getByText('staff_11')).toBeInTheDocument();
    expect(within(table).queryByText('staff_00')).not.toBeInTheDocument();
    expect(asked(fetch).at(-1)).toBe('page=1&limit=10&q=STAFF_1');
    // The pause is waited for: not one request per key.
    expect(asked(fetch).filter((request) => request.includes('q=S')).length).toBeLessThan('STAFF_1'.length);

    await user.clear(box);
    await user.type(box, 'halcón{Enter}');
    expect(await within(table).findByText('Halcón_Norte')).toBeInTheDocument();
    expect(within(table).getByText('1-1 de 1')).toBeInTheDocument();
    expect(asked(fetch)).toContain('page=1&limit=10&q=halcón');
  });

  it('says so when nobody matches the search, rather than that there is no staff', async () => {
    setViewport(1280);
    serve({ '/api/staff/moderators': rosterAnswer(staff(3)) });
    const table = await renderTable();
    await within(table).findByText('staff_00');
    await user.type(within(table).getByRole('searchbox', { name: STAFF_SEARCH_LABEL }), 'nadie{Enter}');
    expect(await within(table).findByText(NO_MATCHING_STAFF_TEXT)).toBeInTheDocument();
    expect(within(table).queryByText(NO_MODERATORS_TEXT)).not.toBeInTheDocument();
    expect(within(table).getByRole('searchbox', { name: STAFF_SEARCH_LABEL })).toHaveValue('nadie');
  });

  it('goes back to the last page when a dismissal empties the page it was on', async () => {
    setViewport(1280);
    let list = staff(11);
    const fetch = serve({
      '/api/staff/moderators': rosterAnswer(() => list),
      'POST /api/staff/dismiss': () => {
        list = list.filter((m) => m.UserId !== '210');
        return jsonResponse({ message: 'Baja aplicada.' });
      },
    });
    const table = await renderTable();
    await within(table).findByText('staff_00');
    await user.click(within(table).getByLabelText('Página siguiente'));
    expect(await within(table).findByText('11-11 de 11')).toBeInTheDocument();
    await user.click(within(table).getByLabelText('Dar de baja a staff_10'));
    const dialog = await findDialogTitled('Dar de Baja');
    await user.type(within(dialog).getByLabelText('Motivo'), 'Inactivo');
    await user.click(within(dialog).getByRole('button', { name: 'Dar de baja' }));
    expect(await within(table).findByText('1-10 de 10')).toBeInTheDocument();
    expect(within(table).getByText('staff_00')).toBeInTheDocument();
    expect(within(table).queryByText('staff_10')).not.toBeInTheDocument();
    expect(asked(fetch).at(-1)).toBe('page=1&limit=10&q=');
  });

  it('shows its own error, with Reintentar, when no alert above speaks for it', async () => {
    setViewport(1280);
    serve({ '/api/staff/moderators': () => new Response('', { status: 500 }) });
    const table = await renderTable();
    expect(await within(table).findByText('Error al cargar la lista de moderadores')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it("puts the search box across a phone's width", async () => {
    setViewport(375);
    serve({ '/api/staff/moderators': rosterAnswer([]) });
    const table = await renderTable();
    const box = within(table).getByRole('searchbox', { name: STAFF_SEARCH_LABEL });
    await waitFor(() => expect(box.closest('.ant-input-search')).toHaveStyle({ width: '100%' }));
    expect(await within(table).findByText(NO_MODERATORS_TEXT)).toBeInTheDocument();
  });
});
