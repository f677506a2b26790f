import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { Leave, Profile } from '../../api/types';
import { jsonResponse, mockFetch, profile, roleIds } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { LEAVES_TITLE, LeavesPage } from './LeavesPage';
import { MyLeavesCard, NO_LEAVES_TEXT } from './MyLeavesCard';
import { ALL_ON_QUOTA, QUOTA_TITLE, QuotaCard, UNDER_QUOTA_PAGES_LABEL } from './QuotaCard';
import { quotaAnswer, requestsTo, type QuotaBoardFixture } from '../../test/staffRoster';

const rh = profile({ username: 'rh', discordId: '1400000000000000003', discordRoles: [roleIds.RH] });
const moderador = profile({ username: 'moderador', discordId: '1400000000000000005', discordRoles: [roleIds.MODERADOR] });

const pending: Leave = {
  id: 7,
  userId: '1400000000000000005',
  username: 'moderador',
  startsOn: '2026-03-09',
  endsOn: '2026-03-11',
  days: 3,
  reason: 'Examen final',
  status: 'pending',
  createdAt: '2026-03-04T16:00:00Z',
  decidedBy: '',
  decidedAt: null,
};

const board: QuotaBoardFixture = {
  weekStart: '2026-03-02',
  defaultSeconds: 36000,
  roles: [
    { roleId: roleIds.MODERADOR, role: 'MODERADOR', name: 'Moderador', seconds: 14 * 3600, custom: true },
    { roleId: roleIds.TRIAL, role: 'TRIAL', name: 'Trial', seconds: 36000, custom: false },
  ],
  members: [
    { userId: '1', username: 'ana', avatar: '', workedSeconds: 3600, quotaSeconds: 14 * 3600, leaveDays: 0, underQuota: true },
    { userId: '3', username: 'caro', avatar: '', workedSeconds: 2 * 3600, quotaSeconds: 36000 * 3 / 7, leaveDays: 4, underQuota: true },
    { userId: '2', username: 'beto', avatar: '', workedSeconds: 9 * 3600, quotaSeconds: 36000, leaveDays: 0, underQuota: false },
  ],
};

function serve(user: Profile, handlers: Parameters<typeof mockFetch>[0]) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({ '/api/auth/profile': () => jsonResponse(user), '/api/tickets/unread': () => jsonResponse({ count: 0 }), ...handlers });
}

const posts = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url).endsWith(path) && init?.method === 'POST');

describe('LeavesPage', () => {
  it('lets a director approve a pending leave once and reads the list again', async () => {
    let list = [pending];
    const fetch = serve(rh, {
      '/api/staff/leaves': () => jsonResponse(list),
      'POST /api/staff/leaves/7/decision': () => {
        list = [];
        return jsonResponse({ ...pending, status: 'approved', decidedBy: 'rh', decidedAt: '2026-03-04T17:00:00Z' });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<LeavesPage />);
    expect(await screen.findByRole('heading', { name: LEAVES_TITLE })).toBeInTheDocument();
    expect(await screen.findByText('Examen final')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aprobar la ausencia de moderador' }));
    expect(await screen.findByText('Ausencia de moderador aprobada.')).toBeInTheDocument();
    expect(await screen.findByText('No hay ausencias pendientes.')).toBeInTheDocument();
    const decisions = posts(fetch, '/api/staff/leaves/7/decision');
    expect(decisions).toHaveLength(1);
    expect(JSON.parse(String(decisions[0]?.[1]?.body))).toEqual({ decision: 'approve' });
  });

  it("shows the server's refusal when the leave was decided meanwhile", async () => {
    serve(rh, {
      '/api/staff/leaves': () => jsonResponse([pending]),
      'POST /api/staff/leaves/7/decision': () => jsonResponse({ message: 'Esta ausencia ya fue aprobada.' }, 409),
    });
    const user = userEvent.setup();
    renderWithProviders(<LeavesPage />);
    await user.click(await screen.findByRole('button', { name: 'Rechazar la ausencia de moderador' }));
    expect(await screen.findByText('Esta ausencia ya fue aprobada.')).toBeInTheDocument();
  });
});

describe('MyLeavesCard', () => {
  it("lists the member's leaves with their state, and says how to ask for one when there are none", async () => {
    serve(moderador, { '/api/staff/leaves/mine': () => jsonResponse([{ ...pending, status: 'refused', decidedBy: 'rh' }]) });
    const { unmount } = renderWithProviders(<MyLeavesCard />);
    const region = await screen.findByLabelText('Mis ausencias');
    expect(await within(region).findByText('Rechazada')).toBeInTheDocument();
    expect(within(region).getByText(/\(3 días\)/)).toBeInTheDocument();
    unmount();
    serve(moderador, { '/api/staff/leaves/mine': () => jsonResponse([]) });
    renderWithProviders(<MyLeavesCard />);
    expect(await screen.findByText(NO_LEAVES_TEXT)).toBeInTheDocument();
  });
});

describe('QuotaCard', () => {
  it('shows the roles’ quotas and who is under theirs, with their leave, without a change button for a moderator', async () => {
    const fetch = serve(moderador, { '/api/staff/quotas': quotaAnswer(board) });
    renderWithProviders(<QuotaCard />);
    const region = await screen.findByLabelText(QUOTA_TITLE);
    expect(await within(region).findByLabelText('Cuota de Moderador: 14 h')).toBeInTheDocument();
    expect(within(region).getByText('Por omisión')).toBeInTheDocument();
    expect(within(region).getByText('2 de 3 bajo la cuota')).toBeInTheDocument();
    const under = within(region).getByLabelText('Miembros bajo la cuota');
    expect(within(under).getByText('ana')).toBeInTheDocument();
    expect(within(under).getByText('4 días de ausencia')).toBeInTheDocument();
    expect(within(under).queryByText('beto')).toBeNull();
    expect(within(region).queryByRole('button', { name: /Cambiar la cuota/ })).toBeNull();
    // One page of ten is enough: no pages to choose from.
    expect(within(region).queryByRole('navigation', { name: UNDER_QUOTA_PAGES_LABEL })).toBeNull();
    expect(requestsTo(fetch.mock.calls, '/api/staff/quotas').map(String)).toEqual(['limit=10&page=1']);
  });

  it('lists those under quota ten at a time, asking the server only for their pages', async () => {
    const members = Array.from({ length: 23 }, (_, i) => ({
      userId: String(100 + i),
      username: `miembro_${String(i).padStart(2, '0')}`,
      avatar: '',
      workedSeconds: i * 600,
      quotaSeconds: 14 * 3600,
      leaveDays: 0,
      underQuota: i < 13,
    }));
    const fetch = serve(moderador, { '/api/staff/quotas': quotaAnswer({ ...board, members }) });
    const user = userEvent.setup();
    renderWithProviders(<QuotaCard />);
    const region = await screen.findByLabelText(QUOTA_TITLE);
    const under = await within(region).findByLabelText('Miembros bajo la cuota');
    expect(within(region).getByText('13 de 23 bajo la cuota')).toBeInTheDocument();
    expect(within(under).getAllByRole('listitem')).toHaveLength(10);
    expect(within(under).getByText('miembro_00')).toBeInTheDocument();
    expect(within(under).queryByText('miembro_10')).toBeNull();

    const pages = within(region).getByRole('navigation', { name: UNDER_QUOTA_PAGES_LABEL });
    // 13 under quota: two pages, though the board has 23 members.
    expect(within(pages).queryByTitle('3')).toBeNull();
    await user.click(within(pages).getByTitle('2'));
    await waitFor(() => expect(within(under).queryByText('miembro_00')).toBeNull());
    // The second page holds the last three under quota; those on quota after them are not listed.
    expect([...under.querySelectorAll('.quota-member')].map((name) => name.textContent)).toEqual(['miembro_10', 'miembro_11', 'miembro_12']);
    expect(within(under).queryByText('miembro_13')).toBeNull();
    expect(requestsTo(fetch.mock.calls, '/api/staff/quotas').map(String)).toEqual(['limit=10&page=1', 'limit=10&page=2']);
  });

  it('says everyone is on quota when nobody is under it, whoever the board lists', async () => {
    const onQuota = board.members.map((line) => ({ ...line, underQuota: false }));
    serve(moderador, { '/api/staff/quotas': quotaAnswer({ ...board, members: onQuota }) });
    renderWithProviders(<QuotaCard />);
    const region = await screen.findByLabelText(QUOTA_TITLE);
    expect(await within(region).findByText(ALL_ON_QUOTA)).toBeInTheDocument();
    expect(within(region).getByText('0 de 3 bajo la cuota')).toBeInTheDocument();
    expect(within(region).queryByLabelText('Miembros bajo la cuota')).toBeNull();
    expect(within(region).queryByRole('navigation', { name: UNDER_QUOTA_PAGES_LABEL })).toBeNull();
  });

  it('names each role by its Spanish name from the server, never by its constant', async () => {
    serve(moderador, { '/api/staff/quotas': quotaAnswer(board) });
    renderWithProviders(<QuotaCard />);
    const roles = await within(await screen.findByLabelText(QUOTA_TITLE)).findByLabelText('Cuota por rol');
    expect(within(roles).getByText('Moderador')).toBeInTheDocument();
    expect(within(roles).getByText('Trial')).toBeInTheDocument();
    expect(roles).not.toHaveTextContent(/MODERADOR|TRIAL/);
  });

  it('lets a director change a role’s quota', async () => {
    let current = board;
    const fetch = serve(rh, {
      '/api/staff/quotas': quotaAnswer(() => current),
      [`PUT /api/staff/quotas/${roleIds.TRIAL}`]: () => {
        current = { ...board, roles: [board.roles[0]!, { ...board.roles[1]!, seconds: 5 * 3600 + 1800, custom: true }], members: [] };
        return jsonResponse(current.roles[1]);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<QuotaCard />);
    const region = await screen.findByLabelText(QUOTA_TITLE);
    await user.click(await within(region).findByRole('button', { name: 'Cambiar la cuota de Trial' }));
    // The editor downloads on the first click.
    const hours = await within(region).findByLabelText('Horas de Trial');
    await user.clear(hours);
    await user.type(hours, '5');
    const minutes = within(region).getByLabelText('Minutos de Trial');
    await user.clear(minutes);
    await user.type(minutes, '30');
    await user.click(within(region).getByRole('button', { name: 'Guardar' }));
    expect(await within(region).findByLabelText('Cuota de Trial: 5 h 30 min')).toBeInTheDocument();
    expect(within(region).getByText(ALL_ON_QUOTA)).toBeInTheDocument();
    const puts = fetch.mock.calls.filter(([url, init]) => String(url).endsWith(`/api/staff/quotas/${roleIds.TRIAL}`) && init?.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(JSON.parse(String(puts[0]?.[1]?.body))).toEqual({ hours: 5, minutes: 30 });
  });
});
