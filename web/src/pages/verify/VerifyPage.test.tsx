import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import { REDIRECT_KEY } from '../../auth/redirect';
import { jsonResponse, mockFetch, profile } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { VerifyPage } from './VerifyPage';

const player = profile({ username: 'jugador', discordId: '1400000000000000014', discordRoles: [] });

type Handlers = Parameters<typeof mockFetch>[0];

function signedIn(handlers: Handlers) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({ '/api/auth/profile': () => jsonResponse(player), ...handlers });
}

/** The page under its route, as the app mounts it. */
function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/verify/*" element={<VerifyPage />} />
      <Route path="*" element={null} />
    </Routes>,
    path,
  );
}

function stubAssign() {
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  return assign;
}

describe('VerifyPage', () => {
  it('asks a signed-out visitor to log in, and comes back to /verify afterwards', async () => {
    mockFetch();
    renderAt('/verify');
    expect(screen.getByText('Inicia sesión para verificar tu cuenta')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Iniciar sesión con Discord/ }));
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe('/verify');
  });

  it('offers to verify an unverified member, and sends the browser to Roblox', async () => {
    const assign = stubAssign();
    const fetch = signedIn({
      '/api/verify/status': () => jsonResponse({ verified: false }),
      'POST /api/verify/initiate': () => jsonResponse({ url: 'https://apis.roblox.com/oauth/v1/authorize?state=abc' }),
    });
    renderAt('/verify');
    expect(await screen.findByText('Verifica tu cuenta')).toBeInTheDocument();
    expect(screen.getByText('Vincula tu cuenta de Roblox para verificar tu identidad.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verificar con Roblox' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://apis.roblox.com/oauth/v1/authorize?state=abc'));
    expect(fetch.mock.calls.some(([url, init]) => String(url) === '/api/verify/initiate' && init?.method === 'POST')).toBe(true);
    // Busy until the browser has left.
    expect(screen.getByRole('button', { name: /Verificar con Roblox/ })).toHaveClass('ant-btn-loading');
  });

  it('shows the linked account and the date it was verified', async () => {
    signedIn({ '/api/verify/status': () => jsonResponse({ verified: true, username: 'JugadorMX', verifiedAt: '2025-03-03T18:00:00Z' }) });
    renderAt('/verify');
    expect(await screen.findByText('Cuenta verificada')).toBeInTheDocument();
    expect(screen.getByText('JugadorMX')).toBeInTheDocument();
    const expected = '3 de marzo de 2025';
    expect(screen.getByText(/^Verificada el/)).toHaveTextContent(`Verificada el ${expected}`);
    expect(screen.queryByRole('button', { name: 'Verificar con Roblox' })).not.toBeInTheDocument();
  });

  it("says 'Error al comprobar la verificación' when the status fails", async () => {
    signedIn({ '/api/verify/status': () => jsonResponse({ message: 'Algo salió mal' }, 500) });
    renderAt('/verify');
    expect(await screen.findByText('Error al comprobar la verificación')).toBeInTheDocument();
  });

  it("says 'Error al iniciar la verificación' and lets the member try again when the start fails", async () => {
    const assign = stubAssign();
    signedIn({
      '/api/verify/status': () => jsonResponse({ verified: false }),
      'POST /api/verify/initiate': () => jsonResponse({ message: 'La verificación con Roblox no está configurada.' }, 503),
    });
    renderAt('/verify');
    await userEvent.click(await screen.findByRole('button', { name: 'Verificar con Roblox' }));
    expect(await screen.findByText('Error al iniciar la verificación')).toBeInTheDocument();
    expect(screen.getByText('La verificación con Roblox no está disponible en este servidor.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verificar con Roblox' })).not.toHaveClass('ant-btn-loading');
    expect(screen.getByRole('button', { name: 'Verificar con Roblox' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('celebrates on /verify/success and returns home', async () => {
    signedIn({});
    renderAt('/verify/success');
    expect(screen.getByText('¡Verificación completada!')).toBeInTheDocument();
    expect(screen.getByText('Tu cuenta de Roblox quedó verificada.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Volver al Inicio' }));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it.each([
    ['denied', 'Cancelaste la autorización en Roblox.'],
    ['expired', 'La verificación caducó o se inició en otro navegador.'],
    ['taken', 'Esta cuenta de Roblox ya está vinculada a otra cuenta de Discord.'],
    ['unavailable', 'Roblox no respondió. Inténtalo de nuevo más tarde.'],
  ])('explains the %s failure on /verify/error, with Intentar de nuevo', async (reason, text) => {
    mockFetch();
    renderAt(`/verify/error?reason=${reason}`);
    expect(screen.getByText('La verificación falló')).toBeInTheDocument();
    expect(screen.getByText('Hubo un error al verificar tu cuenta. Inténtalo de nuevo.')).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(screen.getByTestId('location').textContent).toBe('/verify');
  });

  it('gives no reason line for an unknown reason', () => {
    mockFetch();
    renderAt('/verify/error?reason=whatever');
    expect(screen.getByText('La verificación falló')).toBeInTheDocument();
    expect(screen.queryByText(/Roblox no respondió|Cancelaste|caducó|ya está vinculada/)).not.toBeInTheDocument();
  });

  it('speaks Spanish, the language the server gives its page (no English part under lang="es")', () => {
    mockFetch();
    const { container } = renderAt('/verify/error?reason=taken');
    expect(container.querySelector('[lang]')).toBeNull();
    expect(container).not.toHaveTextContent(/\b(Verification|Please|account|Try|Return|Login)\b/);
  });
});
