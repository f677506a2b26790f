import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { AuditEntry, GuildRole } from '../../api/types';
import { jsonResponse, mockFetch, profile, roleIds } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { setViewport } from '../../test/viewport';
import { SecurityPage } from './SecurityPage';

type Handlers = Parameters<typeof mockFetch>[0];

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 41,
    at: '2025-03-03T18:00:00Z',
    actorId: '100000000000000001',
    actorName: 'comite',
    area: 'permissions',
    action: 'panel.treasury',
    entityType: 'role',
    entityId: roleIds.TESORERIA,
    before: { read: true, modify: true, manage: true },
    after: { read: true, modify: false, manage: true },
    ...overrides,
  };
}

const entries: AuditEntry[] = [
  entry(),
  entry({
    id: 40,
    at: '2025-03-02T12:30:00Z',
    actorId: '1400000000000000008',
    actorName: 'tesoreria',
    area: 'treasury',
    action: 'sale',
    entityType: 'sale',
    entityId: '9',
    before: null,
    after: { item: 'VIP', finalPrice: 72, discount: 20 },
  }),
  entry({ id: 39, actorId: '', actorName: 'sincronización de roles', area: 'roles', action: 'member.roles', entityType: 'member', entityId: '1400000000000000014', before: ['MODERADOR'], after: ['MODERADOR', 'TESORERIA'] }),
];

const guildRoles: GuildRole[] = [{ _id: roleIds.TESORERIA, name: 'TESORERIA', discordId: roleIds.TESORERIA }];

function serveAudit(handlers: Handlers = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(profile()),
    '/api/tickets/unread': () => jsonResponse({ count: 0 }),
    'GET /api/roles/roles': () => jsonResponse(guildRoles),
    'GET /api/audit': () => jsonResponse({ entries, total: entries.length }),
    ...handlers,
  });
}

const auditRequests = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.split('?')[0] === '/api/audit')
    .map((url) => Object.fromEntries(new URLSearchParams(url.split('?')[1])));

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

async function chooseOption(select: HTMLElement, title: string) {
  await userEvent.click(select);
  let option: HTMLElement | undefined;
  await waitFor(() => {
    option = screen.getAllByTitle(title).find((element) => element.classList.contains('ant-select-item-option'));
    expect(option).toBeDefined();
  });
  await userEvent.click(option as HTMLElement);
}

describe('SecurityPage', () => {
  it('lists the changes, newest first: when, who, area, action and entity', async () => {
    setViewport(1280);
    const fetch = serveAudit();
    renderWithProviders(<SecurityPage />, '/security');
    expect(screen.getByRole('heading', { name: 'Seguridad y Auditoría', level: 1 })).toBeInTheDocument();
    await screen.findByText('Permisos del panel Tesorería');
    expect(auditRequests(fetch)[0]).toEqual({ page: '1', limit: '25' });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent).filter(Boolean)).toEqual(['Fecha', 'Quién', 'Área', 'Acción', 'Entidad']);

    const permission = rowOf('Permisos del panel Tesorería');
    expect(permission).toHaveTextContent('comite');
    expect(permission).toHaveTextContent('100000000000000001');
    expect(permission).toHaveTextContent('Permisos');
    await waitFor(() => expect(permission).toHaveTextContent('Rol TESORERIA'));
    expect(permission).toHaveTextContent(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date('2025-03-03T18:00:00Z')));

    const sale = rowOf('Venta registrada');
    expect(sale).toHaveTextContent('tesoreria');
    expect(sale).toHaveTextContent('Tesorería');
    expect(sale).toHaveTextContent('Venta #9');

    const sync = rowOf('Roles del miembro');
    expect(sync).toHaveTextContent('sincronización de roles');
    expect(sync).toHaveTextContent('Roles de Discord');
    expect(screen.getByText('3 cambios')).toBeInTheDocument();
  });

  it('shows each change as one card on a phone', async () => {
    setViewport(375);
    serveAudit();
    renderWithProviders(<SecurityPage />, '/security');
    await screen.findByText('Permisos del panel Tesorería');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const permission = screen.getByText('Permisos del panel Tesorería').closest('li') as HTMLElement;
    await waitFor(() => expect(permission).toHaveTextContent('Permisos · Rol TESORERIA'));
    expect(permission).toHaveTextContent('comite · ');
    await userEvent.click(screen.getByText('Permisos del panel Tesorería'));
    expect(await screen.findByRole('table', { name: 'Cambios del registro #41' })).toBeInTheDocument();
  });

  it('opens a row to show its before and after, the changed fields marked', async () => {
    setViewport(1280);
    serveAudit();
    renderWithProviders(<SecurityPage />, '/security');
    await screen.findByText('Permisos del panel Tesorería');
    const [firstToggle] = screen.getAllByRole('button', { name: 'Ver cambios' });
    await userEvent.click(firstToggle as HTMLElement);

    const diff = await screen.findByRole('table', { name: 'Cambios del registro #41' });
    const lines = within(diff).getAllByRole('row').slice(1);
    expect(lines.map((line) => line.textContent)).toEqual(['LecturaSíSí', 'Modificación (cambió)SíNo', 'GestiónSíSí']);
    expect(lines[1]).toHaveClass('audit-diff-changed');
    expect(lines[0]).not.toHaveClass('audit-diff-changed');
    expect(screen.getByText('1 campo cambió.')).toBeInTheDocument();

    await userEvent.click(screen.getByText('Venta registrada'));
    const created = await screen.findByRole('table', { name: 'Cambios del registro #40' });
    expect(within(created).getAllByRole('row').slice(1).map((line) => line.textContent)).toEqual([
      'item (cambió)—VIP',
      'finalPrice (cambió)—72',
      'discount (cambió)—20',
    ]);
    expect(screen.getByText('Creación: no había valores anteriores.')).toBeInTheDocument();

    await userEvent.click(screen.getByText('Roles del miembro'));
    const roles = await screen.findByRole('table', { name: 'Cambios del registro #39' });
    expect(within(roles).getAllByRole('row')[1]).toHaveTextContent('Valor (cambió)MODERADORMODERADOR, TESORERIA');
  });

  it('says 10,000+ when the server stopped counting, and pages on past the count while pages come back full', async () => {
    setViewport(1280);
    // 10,004 entries: the server counts 10,000 and says it stopped (totalCapped).
    const fetch = serveAudit({
      'GET /api/audit': ({ url }) => {
        const page = Number(new URL(url, 'http://portal').searchParams.get('page'));
        const count = page <= 400 ? 25 : page === 401 ? 4 : 0;
        const shown = Array.from({ length: count }, (_, i) => entry({ id: 20_000 - (page - 1) * 25 - i }));
        return jsonResponse({ entries: shown, total: 10_000, totalCapped: true });
      },
    });
    renderWithProviders(<SecurityPage />, '/security');
    expect(await screen.findByText('10,000+ cambios')).toBeInTheDocument();
    const next = () => screen.getByRole('listitem', { name: 'Página siguiente' });

    await userEvent.click(screen.getByRole('listitem', { name: '400' }));
    await waitFor(() => expect(auditRequests(fetch).at(-1)).toEqual({ page: '400', limit: '25' }));
    // A full page at the cap: the next one is still there to ask for.
    await waitFor(() => expect(next()).toHaveAttribute('aria-disabled', 'false'));
    await userEvent.click(next());
    await waitFor(() => expect(auditRequests(fetch).at(-1)).toEqual({ page: '401', limit: '25' }));
    // A short page is the last.
    await waitFor(() => expect(next()).toHaveAttribute('aria-disabled', 'true'));
    expect(screen.getByText('10,000+ cambios')).toBeInTheDocument();
  });

  it('sends the area, the person, the entity and the days as filters, and starts again at page 1', async () => {
    setViewport(1280);
    const fetch = serveAudit({ 'GET /api/audit': () => jsonResponse({ entries, total: 120 }) });
    renderWithProviders(<SecurityPage />, '/security');
    await screen.findByText('Permisos del panel Tesorería');

    await userEvent.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(auditRequests(fetch).at(-1)).toEqual({ page: '2', limit: '25' }));

    await chooseOption(screen.getByRole('combobox', { name: 'Filtrar por área' }), 'Permisos');
    await waitFor(() => expect(auditRequests(fetch).at(-1)).toEqual({ area: 'permissions', page: '1', limit: '25' }));

    const actor = screen.getByRole('searchbox', { name: 'Filtrar por persona' });
    await userEvent.click(actor);
    await userEvent.paste('100000000000000001');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(auditRequests(fetch).at(-1)?.actorId).toBe('100000000000000001'));

    const entity = screen.getByRole('searchbox', { name: 'Filtrar por entidad' });
    await userEvent.click(entity);
    await userEvent.paste(` ${roleIds.TESORERIA} `);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(auditRequests(fetch).at(-1)?.entityId).toBe(roleIds.TESORERIA));

    const [start, end] = screen.getAllByPlaceholderText(/Fecha (inicial|final)/);
    await userEvent.click(start as HTMLElement);
    fireEvent.change(start as HTMLElement, { target: { value: '01/03/2025' } });
    fireEvent.keyDown(start as HTMLElement, { key: 'Enter' });
    fireEvent.change(end as HTMLElement, { target: { value: '31/03/2025' } });
    fireEvent.keyDown(end as HTMLElement, { key: 'Enter' });
    await waitFor(() =>
      expect(auditRequests(fetch).at(-1)).toEqual({
        area: 'permissions',
        actorId: '100000000000000001',
        entityId: roleIds.TESORERIA,
        from: '2025-03-01',
        to: '2025-03-31',
        page: '1',
        limit: '25',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: /Limpiar filtros/ }));
    await waitFor(() => expect(auditRequests(fetch).at(-1)).toEqual({ page: '1', limit: '25' }));
    expect(screen.getByRole('searchbox', { name: 'Filtrar por persona' })).toHaveValue('');
  });

  it("filters by a row's person or entity from its detail", async () => {
    setViewport(1280);
    const fetch = serveAudit();
    renderWithProviders(<SecurityPage />, '/security');
    await userEvent.click(await screen.findByText('Permisos del panel Tesorería'));
    await userEvent.click(await screen.findByRole('button', { name: 'Ver el historial de Rol TESORERIA' }));
    await waitFor(() => expect(auditRequests(fetch).at(-1)).toEqual({ entityId: roleIds.TESORERIA, page: '1', limit: '25' }));
    expect(screen.getByRole('searchbox', { name: 'Filtrar por entidad' })).toHaveValue(roleIds.TESORERIA);
  });

  it('tells a member outside the committee that the log is not for them', async () => {
    serveAudit({
      '/api/auth/profile': () => jsonResponse(profile({ username: 'rh', discordRoles: [roleIds.RH] })),
      'GET /api/audit': () => jsonResponse({ message: 'Solo el Comité puede consultar el registro de auditoría.' }, 403),
    });
    renderWithProviders(<SecurityPage />, '/security');
    expect(await screen.findByText('Acceso restringido')).toBeInTheDocument();
    expect(screen.getByText('Solo el Comité puede consultar el registro de auditoría.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("says 'Error al cargar el registro de auditoría' when the log fails", async () => {
    serveAudit({ 'GET /api/audit': () => new Response('', { status: 500 }) });
    renderWithProviders(<SecurityPage />, '/security');
    expect(await screen.findByText('Error al cargar el registro de auditoría')).toBeInTheDocument();
  });

  it('says when nothing has been recorded, and when nothing matches the filters', async () => {
    serveAudit({ 'GET /api/audit': () => jsonResponse({ entries: [], total: 0 }) });
    renderWithProviders(<SecurityPage />, '/security');
    expect(await screen.findByText('Aún no hay cambios registrados')).toBeInTheDocument();
    await chooseOption(screen.getByRole('combobox', { name: 'Filtrar por área' }), 'Noticias');
    expect(await screen.findByText('Ningún cambio coincide con los filtros')).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in', () => {
    mockFetch();
    renderWithProviders(<SecurityPage />, '/security');
    expect(screen.getByText('Debes iniciar sesión para acceder a esta página')).toBeInTheDocument();
  });
});
