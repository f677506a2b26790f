import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import { jsonResponse, mockFetch, profile } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { VerifyPage } from './VerifyPage';

type Handlers = Parameters<typeof mockFetch>[0];

function signedIn(handlers: Handlers) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(profile({ username: 'jugador', discordId: '1400000000000000014', discordRoles: [] })),
    ...handlers,
  });
}

function renderVerify() {
  return renderWithProviders(
    <Routes>
      <Route path="/verify/*" element={<VerifyPage />} />
    </Routes>,
    '/verify',
  );
}

const linked = { verified: true, username: 'JugadorMX', userId: '9001', verifiedAt: '2025-03-03T18:00:00Z' };
const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method);

describe('VerifyPage: switching and unlinking', () => {
  it('unlinks after a confirmation and offers to verify again', async () => {
    let status: object = linked;
    const fetch = signedIn({
      '/api/verify/status': () => jsonResponse(status),
      'DELETE /api/verify/link': () => {
        status = { verified: false };
        return jsonResponse({ message: 'Cuenta de Roblox desvinculada.', status });
      },
    });
    renderVerify();
    await userEvent.click(await screen.findByRole('button', { name: 'Desvincular cuenta' }));
    expect(calls(fetch, 'DELETE', '/api/verify/link')).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('¿Desvincular JugadorMX?')).toBeInTheDocument();
    expect(within(confirm).getByText('Tu expediente sigue siendo tuyo.')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Desvincular' }));
    expect(await screen.findByText('Verifica tu cuenta')).toBeInTheDocument();
    expect(calls(fetch, 'DELETE', '/api/verify/link')).toHaveLength(1);
  });

  it('says so when the unlink fails', async () => {
    signedIn({
      '/api/verify/status': () => jsonResponse(linked),
      'DELETE /api/verify/link': () => jsonResponse({ message: 'Algo salió mal' }, 500),
    });
    renderVerify();
    await userEvent.click(await screen.findByRole('button', { name: 'Desvincular cuenta' }));
    await userEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Desvincular' }));
    expect(await screen.findByText('Error al desvincular la cuenta')).toBeInTheDocument();
    expect(screen.getByText('Cuenta verificada')).toBeInTheDocument();
  });

  it('switches accounts after a confirmation by verifying another one', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const fetch = signedIn({
      '/api/verify/status': () => jsonResponse(linked),
      'POST /api/verify/initiate': () => jsonResponse({ url: 'https://apis.roblox.com/oauth/v1/authorize?state=otra' }),
    });
    renderVerify();
    await userEvent.click(await screen.findByRole('button', { name: 'Usar otra cuenta' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Reemplazará a JugadorMX. Tu expediente sigue siendo tuyo.')).toBeInTheDocument();
    expect(calls(fetch, 'POST', '/api/verify/initiate')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://apis.roblox.com/oauth/v1/authorize?state=otra'));
  });
});
