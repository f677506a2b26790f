import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { PlayerProfile } from '../../api/types';
import { jsonResponse, mockFetch, profile } from '../../test/fixtures';
import { ineDocument, playerProfile } from '../../test/identity';
import { renderWithProviders } from '../../test/render';
import { PlayerProfilePage } from './PlayerProfilePage';

type Handlers = Parameters<typeof mockFetch>[0];

function serve(answer: () => PlayerProfile, handlers: Handlers = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(profile({ username: 'jugador', discordId: '1400000000000000014', discordRoles: [] })),
    '/api/players/me': () => jsonResponse(answer()),
    ...handlers,
  });
}

const linked = { verified: true, username: 'JugadorMX', userId: '9001', verifiedAt: '2025-03-03T18:00:00Z' };
const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method);

describe('PlayerProfilePage: the Roblox link and the document name', () => {
  it('unlinks the account after a confirmation, and shows the profile as it is then', async () => {
    let current = playerProfile({ roblox: linked });
    const fetch = serve(() => current, {
      'DELETE /api/verify/link': () => {
        current = playerProfile({ roblox: { verified: false } });
        return jsonResponse({ message: 'Cuenta de Roblox desvinculada.', status: { verified: false } });
      },
    });
    renderWithProviders(<PlayerProfilePage />, '/perfil');
    await userEvent.click(await screen.findByRole('button', { name: 'Desvincular' }));
    // Nothing happens before the confirmation.
    expect(calls(fetch, 'DELETE', '/api/verify/link')).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('¿Desvincular JugadorMX?')).toBeInTheDocument();
    expect(within(confirm).getByText('Tu expediente sigue siendo tuyo.')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Desvincular' }));
    await waitFor(() => expect(calls(fetch, 'DELETE', '/api/verify/link')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Verificar mi cuenta de Roblox' })).toBeInTheDocument();
  });

  it('switches to another account after a confirmation by starting a new verification', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const fetch = serve(() => playerProfile({ roblox: linked }), {
      'POST /api/verify/initiate': () => jsonResponse({ url: 'https://apis.roblox.com/oauth/v1/authorize?state=xyz' }),
    });
    renderWithProviders(<PlayerProfilePage />, '/perfil');
    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar de cuenta' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Reemplazará a JugadorMX. Tu expediente sigue siendo tuyo.')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://apis.roblox.com/oauth/v1/authorize?state=xyz'));
    expect(calls(fetch, 'POST', '/api/verify/initiate')).toHaveLength(1);
  });

  it('flags a document whose Roblox name someone else verified, and corrects it', async () => {
    let current = playerProfile({ roblox: linked, document: ineDocument({ RobloxName: 'NombreAjeno', robloxNameStatus: 'flagged' }) });
    const fetch = serve(() => current, {
      'PUT /api/documents/mine/roblox': ({ init }) => {
        const sent = JSON.parse(String(init?.body)) as { RobloxName: string };
        current = playerProfile({ roblox: linked, document: ineDocument({ RobloxName: sent.RobloxName, robloxNameStatus: 'verified' }) });
        return jsonResponse({ message: 'Nombre de Roblox actualizado.', document: current.document });
      },
    });
    renderWithProviders(<PlayerProfilePage />, '/perfil');
    const document = await screen.findByRole('region', { name: 'Identificación Nacional' });
    expect(within(document).getAllByText('Nombre de Roblox no verificado')).not.toHaveLength(0);
    await userEvent.click(within(document).getByRole('button', { name: 'Corregir nombre de Roblox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Corregir el nombre de Roblox' });
    // The verified account is offered.
    expect(within(dialog).getByLabelText('Nombre de Roblox')).toHaveValue('JugadorMX');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls(fetch, 'PUT', '/api/documents/mine/roblox')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetch, 'PUT', '/api/documents/mine/roblox')[0]?.[1]?.body))).toEqual({ RobloxName: 'JugadorMX' });
    expect(await screen.findByText('Nombre de Roblox actualizado.')).toBeInTheDocument();
    const fixed = await screen.findByRole('region', { name: 'Identificación Nacional' });
    await waitFor(() => expect(within(fixed).getByText('Verificado')).toBeInTheDocument());
    expect(within(fixed).queryByText('Nombre de Roblox no verificado')).not.toBeInTheDocument();
    expect(within(fixed).queryByRole('button', { name: 'Corregir nombre de Roblox' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a name someone else verified, and keeps the dialog open", async () => {
    const fetch = serve(() => playerProfile({ document: ineDocument({ RobloxName: 'Mio_1', robloxNameStatus: 'unverified' }) }), {
      'PUT /api/documents/mine/roblox': () => jsonResponse({ message: 'Ese usuario de Roblox ya está verificado por otra persona.' }, 409),
    });
    renderWithProviders(<PlayerProfilePage />, '/perfil');
    const document = await screen.findByRole('region', { name: 'Identificación Nacional' });
    expect(within(document).getByText('Sin verificar')).toBeInTheDocument();
    await userEvent.click(within(document).getByRole('button', { name: 'Corregir nombre de Roblox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Corregir el nombre de Roblox' });
    const input = within(dialog).getByLabelText('Nombre de Roblox');
    expect(input).toHaveValue('Mio_1');
    await userEvent.clear(input);
    await userEvent.type(input, 'a b');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El nombre de Roblox debe tener de 3 a 20 letras, números o guion bajo.')).toBeInTheDocument();
    expect(calls(fetch, 'PUT', '/api/documents/mine/roblox')).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.type(input, 'Dueno_Real');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Ese usuario de Roblox ya está verificado por otra persona.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Corregir el nombre de Roblox' })).toBeInTheDocument();
  });
});
