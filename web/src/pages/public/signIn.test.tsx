import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { TOKEN_KEY } from '../../api/client';
import { LEGISLATIVE_LOGIN_NOTICE } from '../../auth/loginNotices';
import { REDIRECT_KEY } from '../../auth/redirect';
import { jsonResponse, mockFetch, profile } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { SESSION_EXPIRED_MESSAGE } from '../../auth/context';
import { AuthCallbackPage, MISSING_CODE_MESSAGE } from './AuthCallbackPage';
import { LoginPage } from './LoginPage';
import { UnauthorizedPage } from './UnauthorizedPage';

function routes() {
  return (
    <Routes>
      <Route path="/" element={<p>home page</p>} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/auth/callback" element={<AuthCallbackPage />} />
      <Route path="/dashboard" element={<p>dashboard page</p>} />
      <Route path="/records" element={<p>records page</p>} />
      <Route path="/unauthorized" element={<UnauthorizedPage />} />
    </Routes>
  );
}

describe('LoginPage', () => {
  it('sends the browser to the Discord sign-in', async () => {
    mockFetch();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderWithProviders(routes(), '/login');
    expect(screen.getByText(/para acceder al dashboard/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Iniciar sesión con Discord/ }));
    expect(assign).toHaveBeenCalledWith('/api/auth/discord');
    expect(screen.getByRole('button', { name: /Autenticando\.\.\./ })).toBeDisabled();
  });

  it('tells a visitor sent from the legislative system why to sign in, and no one else', async () => {
    mockFetch();
    sessionStorage.setItem(REDIRECT_KEY, '/legislative?type=Congreso');
    const legislative = renderWithProviders(routes(), '/login');
    expect(await screen.findByRole('alert')).toHaveTextContent(LEGISLATIVE_LOGIN_NOTICE);
    legislative.unmount();

    sessionStorage.setItem(REDIRECT_KEY, '/records');
    renderWithProviders(routes(), '/login');
    expect(await screen.findByRole('button', { name: /Iniciar sesión con Discord/ })).toBeInTheDocument();
    expect(screen.queryByText(LEGISLATIVE_LOGIN_NOTICE)).not.toBeInTheDocument();
  });

  it('shows Autenticando... while the session is checked', () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    mockFetch({ '/api/auth/profile': () => new Promise<Response>(() => undefined) });
    renderWithProviders(routes(), '/login');
    expect(screen.getByRole('button', { name: /Autenticando\.\.\./ })).toBeInTheDocument();
  });

  it('sends a signed-in user to the stored page and forgets it', async () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    sessionStorage.setItem(REDIRECT_KEY, '/records');
    mockFetch({ '/api/auth/profile': () => jsonResponse(profile()) });
    renderWithProviders(routes(), '/login');
    expect(await screen.findByText('records page')).toBeInTheDocument();
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBeNull();
  });

  it('sends a signed-in user home by default', async () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    mockFetch({ '/api/auth/profile': () => jsonResponse(profile()) });
    renderWithProviders(routes(), '/login');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('shows the Spanish message of a sign-in refused by the limit', async () => {
    mockFetch();
    const limited = 'Demasiados intentos de inicio de sesión. Espera un minuto e inténtalo de nuevo.';
    renderWithProviders(routes(), '/auth/callback?error=' + encodeURIComponent(limited));
    expect(await screen.findByText(limited)).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('says the session expired and returns to the same page after signing in again', async () => {
    localStorage.setItem(TOKEN_KEY, 'old-token');
    let signedIn = false;
    mockFetch({
      '/api/auth/profile': ({ init }) =>
        new Headers(init?.headers).get('Authorization') === 'Bearer jwt-2' && signedIn
          ? jsonResponse(profile())
          : jsonResponse({ message: 'Sesión terminada' }, 401),
      'POST /api/auth/exchange': () => {
        signedIn = true;
        return jsonResponse({ token: 'jwt-2' });
      },
    });
    const expired = renderWithProviders(routes(), '/records?tab=2');
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe('/records?tab=2');
    expired.unmount();

    renderWithProviders(routes(), '/auth/callback?code=one-time');
    expect(await screen.findByText('records page')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('jwt-2');
  });
});

describe('AuthCallbackPage', () => {
  it('exchanges the one-time code for the token and returns to the stored page', async () => {
    sessionStorage.setItem(REDIRECT_KEY, '/records');
    const fetch = mockFetch({
      '/api/auth/profile': () => jsonResponse(profile()),
      'POST /api/auth/exchange': () => jsonResponse({ token: 'jwt-1' }),
    });
    renderWithProviders(routes(), '/auth/callback?code=one-time');
    expect(screen.getByText('Iniciando sesión...')).toBeInTheDocument();
    expect(await screen.findByText('records page')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('jwt-1');
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBeNull();
    const exchange = fetch.mock.calls.find(([url]) => String(url) === '/api/auth/exchange');
    expect(exchange?.[1]?.body).toBe(JSON.stringify({ code: 'one-time' }));
  });

  it('goes home when no page was stored', async () => {
    mockFetch({
      '/api/auth/profile': () => jsonResponse(profile()),
      'POST /api/auth/exchange': () => jsonResponse({ token: 'jwt-1' }),
    });
    renderWithProviders(routes(), '/auth/callback?code=one-time');
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });

  it('ignores a token in the URL: nobody is signed in', async () => {
    const fetch = mockFetch({ '/api/auth/profile': () => jsonResponse(profile()) });
    renderWithProviders(routes(), '/auth/callback?token=planted');
    expect(await screen.findByText(MISSING_CODE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/auth/'))).toBe(false);
  });

  it('shows the server message when the code is refused and signs nobody in', async () => {
    const refused = 'El código de inicio de sesión no es válido, ya se usó o expiró. Inicia sesión de nuevo.';
    mockFetch({ 'POST /api/auth/exchange': () => jsonResponse({ message: refused }, 401) });
    renderWithProviders(routes(), '/auth/callback?code=used');
    expect(await screen.findByText(refused)).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('shows the error of a failed sign-in on /login', async () => {
    mockFetch();
    renderWithProviders(routes(), '/auth/callback?error=' + encodeURIComponent('No perteneces al servidor'));
    expect(await screen.findByText('No perteneces al servidor')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('complains when the code is missing', async () => {
    mockFetch();
    renderWithProviders(routes(), '/auth/callback');
    expect(await screen.findByText(MISSING_CODE_MESSAGE)).toBeInTheDocument();
  });

  it('shows the session error on /login when the profile is refused', async () => {
    mockFetch({
      '/api/auth/profile': () => jsonResponse({ message: 'Token inválido' }, 401),
      'POST /api/auth/exchange': () => jsonResponse({ token: 'bad' }),
    });
    renderWithProviders(routes(), '/auth/callback?code=one-time');
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});

describe('UnauthorizedPage', () => {
  it('asks a visitor to sign in with the right permissions', () => {
    mockFetch();
    renderWithProviders(routes(), '/unauthorized');
    expect(screen.getByText('Acceso Denegado')).toBeInTheDocument();
    expect(screen.getByText('No tienes permiso para acceder a esta página.')).toBeInTheDocument();
    expect(screen.getByText('Inicia sesión con una cuenta que tenga los permisos adecuados.')).toBeInTheDocument();
  });

  it('names the signed-in user', async () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    mockFetch({ '/api/auth/profile': () => jsonResponse(profile({ username: 'jugador' })) });
    renderWithProviders(routes(), '/unauthorized');
    expect(await screen.findByText('jugador, tu cuenta no tiene los permisos necesarios.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Volver al Inicio' }));
    expect(screen.getByText('home page')).toBeInTheDocument();
  });
});
