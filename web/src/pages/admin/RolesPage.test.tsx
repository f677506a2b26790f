import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { GuildRole, PanelId, PanelPermission, PermissionFlags } from '../../api/types';
import { jsonResponse, mockFetch, profile, roleIds } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { setViewport } from '../../test/viewport';
import { RolesPage } from './RolesPage';

type Handlers = Parameters<typeof mockFetch>[0];

const guildRoles: GuildRole[] = (['TESORERIA', 'AUDITOR', 'MODERADOR', 'OFICINA', 'COMITE'] as const).map((name) => ({
  _id: roleIds[name],
  name,
  discordId: roleIds[name],
}));

const all: PermissionFlags = { read: true, modify: true, manage: true };
const none: PermissionFlags = { read: false, modify: false, manage: false };

function matrix(panel: PanelId, overrides: Partial<Record<string, PermissionFlags>> = {}): PanelPermission[] {
  const defaults: Record<string, PermissionFlags> = { TESORERIA: all, AUDITOR: all, MODERADOR: none, OFICINA: all, COMITE: all };
  return guildRoles.map((role) => ({
    roleId: role._id,
    roleName: role.name,
    panelId: panel,
    permissions: overrides[role.name] ?? defaults[role.name] ?? none,
    locked: role.name === 'COMITE' || role.name === 'OFICINA',
  }));
}

function serveRoles(handlers: Handlers = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(profile()),
    '/api/tickets/unread': () => jsonResponse({ count: 0 }),
    'GET /api/roles/roles': () => jsonResponse(guildRoles),
    'GET /api/roles/panels/staff/permissions': () => jsonResponse(matrix('staff', { TESORERIA: none, AUDITOR: none, MODERADOR: { read: true, modify: false, manage: false } })),
    'GET /api/roles/panels/treasury/permissions': () => jsonResponse(matrix('treasury')),
    ...handlers,
  });
}

const box = (name: string) => screen.getByRole('checkbox', { name });

const requests = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url) === path);

describe('RolesPage', () => {
  it('lists every role with its three rights; COMITE and OFICINA are ticked and cannot change', async () => {
    setViewport(1280);
    serveRoles();
    renderWithProviders(<RolesPage />, '/admin/roles');
    expect(screen.getByRole('heading', { name: 'Gestión de Roles y Permisos', level: 1 })).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: 'Lectura de MODERADOR' });
    expect(screen.getByRole('button', { name: /Volver al Dashboard/ })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Rol', 'Lectura', 'Modificación', 'Gestión']);
    expect(screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]?.textContent?.split('Protegido')[0])).toEqual([
      'TESORERIA',
      'AUDITOR',
      'MODERADOR',
      'OFICINA',
      'COMITE',
    ]);

    // The staff panel opens first.
    expect(within(screen.getByRole('radiogroup', { name: 'Panel' })).getByRole('radio', { name: 'Staff' })).toBeChecked();
    expect(box('Lectura de MODERADOR')).toBeChecked();
    expect(box('Modificación de MODERADOR')).not.toBeChecked();
    expect(box('Lectura de TESORERIA')).not.toBeChecked();
    expect(box('Lectura de TESORERIA')).toBeEnabled();

    for (const locked of ['COMITE', 'OFICINA']) {
      for (const right of ['Lectura', 'Modificación', 'Gestión']) {
        expect(box(`${right} de ${locked}`)).toBeChecked();
        expect(box(`${right} de ${locked}`)).toBeDisabled();
      }
      const row = box(`Lectura de ${locked}`).closest('tr') as HTMLElement;
      expect(row).toHaveTextContent('Protegido');
      expect(row).toHaveTextContent('Comité y Oficina conservan siempre todos los permisos.');
    }
    expect(box('Lectura de MODERADOR').closest('tr')).not.toHaveTextContent('Protegido');
  });

  it('switches panels with the selector and keeps the choice in the address', async () => {
    setViewport(1280);
    const fetch = serveRoles();
    renderWithProviders(<RolesPage />, '/admin/roles');
    await screen.findByRole('checkbox', { name: 'Lectura de MODERADOR' });
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Staff', 'Tesorería', 'Legislativo', 'Soporte', 'SAT']);
    await userEvent.click(screen.getByRole('radio', { name: 'Tesorería' }).closest('label') as HTMLElement);
    await waitFor(() => expect(box('Modificación de TESORERIA')).toBeChecked());
    expect(box('Lectura de MODERADOR')).not.toBeChecked();
    expect(requests(fetch, 'GET', '/api/roles/panels/treasury/permissions')).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/roles?panel=treasury');
    expect(screen.getByRole('list', { name: 'Qué permite cada permiso en Tesorería' })).toHaveTextContent('Modificación · Registrar ventas.');
  });

  it('offers the panels as a list on a phone', async () => {
    setViewport(375);
    serveRoles();
    renderWithProviders(<RolesPage />, '/admin/roles?panel=treasury');
    await waitFor(() => expect(box('Modificación de TESORERIA')).toBeChecked());
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Panel' })).toBeInTheDocument();
    expect(screen.getByTitle('Tesorería')).toBeInTheDocument();
    // Short headings, spelled out in the legend; the locked rows' note goes under the table.
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Rol', 'Lect.', 'Modif.', 'Gest.']);
    expect(screen.getByRole('list', { name: 'Qué permite cada permiso en Tesorería' })).toHaveTextContent('Modificación (Modif.) · Registrar ventas.');
    expect(screen.getAllByText('Comité y Oficina conservan siempre todos los permisos.')).toHaveLength(1);
    expect(box('Gestión de COMITE')).toBeDisabled();
  });

  it('saves a change at once, sending the role and its three rights, and reads the profile again', async () => {
    setViewport(1280);
    let stored = matrix('treasury');
    const fetch = serveRoles({
      'GET /api/roles/panels/treasury/permissions': () => jsonResponse(stored),
      'PUT /api/roles/panels/treasury/permissions': ({ init }) => {
        const body = JSON.parse(String(init?.body)) as { roleId: string; permissions: PermissionFlags };
        stored = stored.map((row) => (row.roleId === body.roleId ? { ...row, permissions: body.permissions } : row));
        return jsonResponse({ message: 'Permisos actualizados correctamente', permission: stored.find((row) => row.roleId === body.roleId) });
      },
    });
    renderWithProviders(<RolesPage />, '/admin/roles?panel=treasury');
    await waitFor(() => expect(box('Modificación de TESORERIA')).toBeChecked());
    const profileReads = requests(fetch, 'GET', '/api/auth/profile').length;

    await userEvent.click(box('Modificación de TESORERIA'));
    expect(box('Modificación de TESORERIA')).not.toBeChecked();
    expect(await screen.findByText('Permisos actualizados correctamente')).toBeInTheDocument();
    const puts = requests(fetch, 'PUT', '/api/roles/panels/treasury/permissions');
    expect(puts).toHaveLength(1);
    expect(JSON.parse(String(puts[0]?.[1]?.body))).toEqual({ roleId: roleIds.TESORERIA, permissions: { read: true, modify: false, manage: true } });
    await waitFor(() => expect(requests(fetch, 'GET', '/api/auth/profile').length).toBeGreaterThan(profileReads));
    await waitFor(() => expect(box('Modificación de TESORERIA')).toBeEnabled());
    expect(box('Modificación de TESORERIA')).not.toBeChecked();
    expect(box('Modificación de AUDITOR')).toBeChecked();
  });

  it("puts the box back and says 'Error al actualizar los permisos' when the change fails", async () => {
    setViewport(1280);
    let answer: (response: Response) => void = () => undefined;
    serveRoles({
      'PUT /api/roles/panels/treasury/permissions': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<RolesPage />, '/admin/roles?panel=treasury');
    await waitFor(() => expect(box('Gestión de AUDITOR')).toBeChecked());
    await userEvent.click(box('Gestión de AUDITOR'));
    // Shown at once, and the row waits for the answer.
    expect(box('Gestión de AUDITOR')).not.toBeChecked();
    expect(box('Lectura de AUDITOR')).toBeDisabled();
    answer(new Response('', { status: 500 }));
    expect(await screen.findByText('Error al actualizar los permisos')).toBeInTheDocument();
    await waitFor(() => expect(box('Gestión de AUDITOR')).toBeChecked());
    expect(box('Gestión de AUDITOR')).toBeEnabled();
    expect(screen.queryByText('Permisos actualizados correctamente')).not.toBeInTheDocument();
  });

  it("shows the server's message when it refuses a change", async () => {
    setViewport(1280);
    serveRoles({
      'PUT /api/roles/panels/treasury/permissions': () => jsonResponse({ message: 'Ese rol no existe en el servidor de Discord.' }, 400),
    });
    renderWithProviders(<RolesPage />, '/admin/roles?panel=treasury');
    await waitFor(() => expect(box('Lectura de TESORERIA')).toBeChecked());
    await userEvent.click(box('Lectura de TESORERIA'));
    expect(await screen.findByText('Ese rol no existe en el servidor de Discord.')).toBeInTheDocument();
    await waitFor(() => expect(box('Lectura de TESORERIA')).toBeChecked());
  });

  it("says 'Error al cargar los roles' when the roles fail, and still lists the panel's rights", async () => {
    serveRoles({ 'GET /api/roles/roles': () => new Response('', { status: 500 }) });
    renderWithProviders(<RolesPage />, '/admin/roles');
    expect(await screen.findByText('Error al cargar los roles')).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Lectura de MODERADOR' })).toBeChecked();
  });

  it("says 'Error al cargar los permisos' when the panel's rights fail", async () => {
    serveRoles({ 'GET /api/roles/panels/staff/permissions': () => new Response('', { status: 500 }) });
    renderWithProviders(<RolesPage />, '/admin/roles');
    expect(await screen.findByText('Error al cargar los permisos')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in', () => {
    mockFetch();
    renderWithProviders(<RolesPage />, '/admin/roles');
    expect(screen.getByText('Debes iniciar sesión para acceder a esta página')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
