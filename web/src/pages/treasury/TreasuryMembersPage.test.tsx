import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import { jsonResponse, mockFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { members, tesoreria } from '../../test/treasury';
import { TreasuryMembersPage } from './TreasuryMembersPage';

function serveMembers(answer: () => Response) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(tesoreria),
    '/api/tickets/unread': () => jsonResponse({ count: 0 }),
    '/api/treasury/members': answer,
  });
}

const memberReads = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.filter(([url]) => String(url) === '/api/treasury/members').length;

describe('TreasuryMembersPage', () => {
  it('lists every member with an avatar, goes back to /treasury and refreshes', async () => {
    const fetch = serveMembers(() => jsonResponse([...members.slice(0, 3), { id: '1400000000000000021', username: 'cajero', avatar: 'abc123' }]));
    renderWithProviders(<TreasuryMembersPage />, '/treasury/members');
    const list = await screen.findByRole('list', { name: 'Miembros de tesorería' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByText('4 miembros')).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'cajero' })).toHaveAttribute('src', 'https://cdn.discordapp.com/avatars/1400000000000000021/abc123.png');
    expect(within(list).getByText('T')).toBeInTheDocument();

    const before = memberReads(fetch);
    await userEvent.click(screen.getByRole('button', { name: /Actualizar/ }));
    await waitFor(() => expect(memberReads(fetch)).toBe(before + 1));

    await userEvent.click(screen.getByRole('button', { name: /Volver a Tesorería/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/treasury');
  });

  it("says 'No se encontraron miembros de tesorería' when there are none", async () => {
    serveMembers(() => jsonResponse([]));
    renderWithProviders(<TreasuryMembersPage />, '/treasury/members');
    expect(await screen.findByText('No se encontraron miembros de tesorería')).toBeInTheDocument();
  });

  it("says 'Error al cargar los miembros (status)' when the server gives no message", async () => {
    serveMembers(() => new Response('', { status: 502 }));
    renderWithProviders(<TreasuryMembersPage />, '/treasury/members');
    expect(await screen.findByText('Error al cargar los miembros (502)')).toBeInTheDocument();
  });

  it("shows the server's message when it gives one", async () => {
    serveMembers(() => jsonResponse({ message: 'Solo tesorería y la administración pueden ver las ventas.' }, 403));
    renderWithProviders(<TreasuryMembersPage />, '/treasury/members');
    expect(await screen.findByText('Solo tesorería y la administración pueden ver las ventas.')).toBeInTheDocument();
  });

  it("says 'Error al cargar los miembros de tesorería' when the answer is not a list", async () => {
    serveMembers(() => jsonResponse({ members: [] }));
    renderWithProviders(<TreasuryMembersPage />, '/treasury/members');
    expect(await screen.findByText('Error al cargar los miembros de tesorería')).toBeInTheDocument();
  });

  it("says 'Error de conexión al cargar ventas/miembros' when the server cannot be reached", async () => {
    serveMembers(() => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<TreasuryMembersPage />, '/treasury/members');
    expect(await screen.findByText('Error de conexión al cargar ventas/miembros')).toBeInTheDocument();
  });
});
