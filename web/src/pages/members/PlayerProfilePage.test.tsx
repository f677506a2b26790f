import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { PlayerProfile } from '../../api/types';
import { jsonResponse, mockFetch, profile } from '../../test/fixtures';
import { charge, ineDocument, playerProfile } from '../../test/identity';
import { renderWithProviders } from '../../test/render';
import { ticket } from '../../test/tickets';
import { PlayerProfilePage } from './PlayerProfilePage';
import { MY_DATA_DOWNLOAD, MY_DATA_DOWNLOAD_PDF } from './MyDataSection';
import { MY_DATA_EXPORT_ERROR } from '../../api/personalData';

function serve(answer: PlayerProfile | (() => Response)) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(profile({ username: 'jugador', discordId: '1400000000000000014', discordRoles: [] })),
    '/api/players/me': typeof answer === 'function' ? answer : () => jsonResponse(answer),
  });
}

const section = (title: string) => screen.getByText(title, { selector: '.ant-card-head-title span' }).closest('.ant-card') as HTMLElement;

describe('PlayerProfilePage', () => {
  it('shows the Discord identity, the Roblox account, the document, the open tickets and the charges', async () => {
    serve(
      playerProfile({
        avatar: 'abc123',
        roles: ['DIPUTADO', 'MODERADOR'],
        roblox: { verified: true, username: 'JugadorMX', verifiedAt: '2025-03-03T18:00:00Z' },
        document: ineDocument(),
        tickets: [ticket({ ticketId: '12', title: 'No puedo entrar', status: 'waiting_user' })],
        // A player's own profile does not say who filed a charge.
        charges: [charge({ _id: 4, description: 'Exceso de velocidad', date: '2025-03-05' })],
      }),
    );
    renderWithProviders(<PlayerProfilePage />, '/perfil');
    expect(screen.getByRole('heading', { name: 'Mi Perfil' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'jugador' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'jugador' })).toHaveAttribute('src', 'https://cdn.discordapp.com/avatars/1400000000000000014/abc123.png');
    expect(screen.getByText('ID de Discord: 1400000000000000014')).toBeInTheDocument();
    expect(screen.getByText('DIPUTADO')).toBeInTheDocument();
    expect(screen.getByText('MODERADOR')).toBeInTheDocument();

    const roblox = section('Cuenta de Roblox');
    expect(within(roblox).getByText('JugadorMX')).toBeInTheDocument();
    expect(within(roblox).getByText(/^Verificada el/)).toBeInTheDocument();

    const document = screen.getByRole('region', { name: 'Identificación Nacional' });
    expect(within(document).getByText('INE-4821-0937-1150')).toBeInTheDocument();

    const tickets = section('Tickets abiertos');
    expect(within(tickets).getByRole('link', { name: /#12 No puedo entrar/ })).toHaveAttribute('href', '/support');
    expect(within(tickets).getByText('Esperando Usuario')).toBeInTheDocument();
    expect(within(tickets).getByRole('link', { name: 'Ir a Soporte' })).toHaveAttribute('href', '/support');

    const record = section('Expediente criminal');
    expect(within(record).getByText('Exceso de velocidad')).toBeInTheDocument();
    expect(within(record).getByText('05/03/2025')).toBeInTheDocument();
  });

  it('links to /verify and /documents when there is nothing yet, and says the record is clean', async () => {
    serve(playerProfile());
    renderWithProviders(<PlayerProfilePage />, '/perfil');
    expect(await screen.findByText('Todavía no has vinculado tu cuenta de Roblox.')).toBeInTheDocument();
    expect(screen.getByText('Sin roles')).toBeInTheDocument();
    expect(screen.getByText('No tienes tickets abiertos.')).toBeInTheDocument();
    expect(screen.getByText('Todavía no tienes un documento de identidad.')).toBeInTheDocument();
    expect(screen.getByText('No se encontraron registros criminales.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Verificar mi cuenta de Roblox' }));
    expect(screen.getByTestId('location').textContent).toBe('/verify');
  });

  it('offers the documents page to a player without a document', async () => {
    serve(playerProfile());
    renderWithProviders(<PlayerProfilePage />, '/perfil');
    await userEvent.click(await screen.findByRole('button', { name: 'Tramitar documento' }));
    expect(screen.getByTestId('location').textContent).toBe('/documents');
  });

  it('tells a member who left the Discord server', async () => {
    serve(playerProfile({ inGuild: false }));
    renderWithProviders(<PlayerProfilePage />, '/perfil');
    expect(await screen.findByText('Fuera del servidor de Discord')).toBeInTheDocument();
  });

  it("says 'Error al cargar el perfil' when the profile fails", async () => {
    serve(() => new Response('', { status: 500 }));
    renderWithProviders(<PlayerProfilePage />, '/perfil');
    expect(await screen.findByText('Error al cargar el perfil')).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in', () => {
    mockFetch();
    renderWithProviders(<PlayerProfilePage />, '/perfil');
    expect(screen.getByText('Inicia Sesión para usar esto')).toBeInTheDocument();
  });

  it('downloads "Mis datos" as the file the server names, and says so when it fails', async () => {
    let answer: () => Response = () =>
      new Response('{"persona":{},"tablas":[]}', { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="mis-datos.json"' } });
    const fetch = serve(playerProfile());
    fetch.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/me/export')) return answer();
      if (url.endsWith('/api/me/export/pdf')) return new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      if (url.endsWith('/api/players/me')) return jsonResponse(playerProfile());
      if (url.endsWith('/api/me/privacy')) return jsonResponse({ minor: false, noticeSeen: true, opposed: [], blocked: false });
      if (url.endsWith('/api/me/data-requests')) return jsonResponse({ items: [] });
      return jsonResponse(profile({ username: 'jugador', discordId: '1400000000000000014', discordRoles: [] }));
    });
    const created = vi.fn(() => 'blob:mis-datos');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => undefined }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderWithProviders(<PlayerProfilePage />, '/perfil');
    await screen.findByText('Mis datos', { selector: '.ant-card-head-title span' });
    const mine = section('Mis datos');
    const button = () => within(mine).getByRole('button', { name: new RegExp(MY_DATA_DOWNLOAD.replace(/[()]/g, '\\$&')) });
    await userEvent.click(button());
    await vi.waitFor(() => expect(clicked).toEqual(['mis-datos.json']));
    expect(fetch.mock.calls.some(([input]) => String(input).endsWith('/api/me/export'))).toBe(true);
    // The PDF's answer names no file: the portal's name for it is used.
    await userEvent.click(within(mine).getByRole('button', { name: new RegExp(MY_DATA_DOWNLOAD_PDF) }));
    await vi.waitFor(() => expect(clicked).toEqual(['mis-datos.json', 'mis-datos.pdf']));

    answer = () => new Response('', { status: 502 });
    await userEvent.click(button());
    expect(await within(mine).findByText(MY_DATA_EXPORT_ERROR)).toBeInTheDocument();
  });
});
