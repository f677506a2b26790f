import { useEffect } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY, notifyUnauthorized } from '../api/client';
import { jsonResponse, mockFetch, mockProfileServer, profile, roleIds } from '../test/fixtures';
import { focusWindow } from '../test/focus';
import { renderWithProviders } from '../test/render';
import { PROFILE_FAILED_MESSAGE, PROFILE_NETWORK_MESSAGE, SESSION_EXPIRED_MESSAGE, USER_KEY, type AuthContextValue } from './context';
import { PROFILE_REFRESH_INTERVAL } from './profileQuery';
import { REDIRECT_KEY } from './redirect';
import { useAuth } from './useAuth';

const captured: { current: AuthContextValue | null } = { current: null };

function auth(): AuthContextValue {
  if (!captured.current) throw new Error('AuthProvider not rendered');
  return captured.current;
}

function Probe() {
  const value = useAuth();
  useEffect(() => {
    captured.current = value;
  });
  return (
    <div>
      <span data-testid="user">{value.user?.username ?? 'none'}</span>
      <span data-testid="loading">{String(value.loading)}</span>
      <span data-testid="error">{value.error ?? ''}</span>
    </div>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('AuthProvider', () => {
  it('starts signed out without a token', () => {
    mockFetch();
    renderWithProviders(<Probe />);
    expect(text('user')).toBe('none');
    expect(text('loading')).toBe('false');
    expect(auth().can('staff', 'read')).toBe(false);
    expect(auth().may('openDashboard')).toBe(false);
    expect(auth().mayOpen('/records')).toBe(false);
  });

  it('restores the stored user, then refreshes it from the profile', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    localStorage.setItem(USER_KEY, JSON.stringify(profile({ username: 'antes' })));
    const fetch = mockFetch({ '/api/auth/profile': () => jsonResponse(profile({ username: 'despues' })) });

    renderWithProviders(<Probe />);
    expect(text('user')).toBe('antes');
    expect(text('loading')).toBe('true');

    await waitFor(() => expect(text('user')).toBe('despues'));
    expect(text('loading')).toBe('false');
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? '{}').username).toBe('despues');
    const call = fetch.mock.calls.find(([url]) => String(url).includes('/api/auth/profile'));
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer stored-token');
  });

  it('logs in with a token and fetches the profile', async () => {
    mockFetch({ '/api/auth/profile': () => jsonResponse(profile({ username: 'moderador', discordRoles: [roleIds.MODERADOR] })) });
    renderWithProviders(<Probe />);

    let ok = false;
    await act(async () => {
      ok = await auth().login('new-token');
    });

    expect(ok).toBe(true);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('new-token');
    expect(text('user')).toBe('moderador');
    await waitFor(() => expect(auth().may('reportShift')).toBe(true));
    expect(auth().can('treasury', 'read')).toBe(false);
    expect(auth().mayOpen('/admin/support')).toBe(true);
    expect(auth().mayOpen('/staff/1400000000000000005')).toBe(false);
    expect(auth().mayOpen('/admin/roles')).toBe(false);
  });

  it('logs out with the session-expired message when the profile answers 401', async () => {
    localStorage.setItem(TOKEN_KEY, 'old-token');
    localStorage.setItem(USER_KEY, JSON.stringify(profile()));
    mockFetch({ '/api/auth/profile': () => jsonResponse({ message: 'Token inválido' }, 401) });

    renderWithProviders(<Probe />, '/records');

    await waitFor(() => expect(text('error')).toBe(SESSION_EXPIRED_MESSAGE));
    expect(text('user')).toBe('none');
    expect(text('location')).toBe('/login');
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe('/records');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('stays signed out at home when a refusal arrives after Cerrar Sesión, as the live stream hears the logout', async () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    localStorage.setItem(USER_KEY, JSON.stringify(profile()));
    mockFetch({ '/api/auth/profile': () => jsonResponse(profile()), '/api/auth/logout': () => jsonResponse({ message: 'ok' }) });
    renderWithProviders(<Probe />, '/records');
    await waitFor(() => expect(text('loading')).toBe('false'));

    act(() => auth().logout());
    await waitFor(() => expect(text('location')).toBe('/'));
    act(() => notifyUnauthorized());
    expect(text('location')).toBe('/');
    expect(text('error')).toBe('');
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBeNull();
  });

  it('reports other profile failures without signing out', async () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    mockFetch({ '/api/auth/profile': () => jsonResponse({ message: 'boom' }, 500) });
    renderWithProviders(<Probe />);
    await waitFor(() => expect(text('error')).toBe(PROFILE_FAILED_MESSAGE));
    expect(localStorage.getItem(TOKEN_KEY)).toBe('token');
  });

  it('reports a network failure of the profile', async () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    mockFetch({
      '/api/auth/profile': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithProviders(<Probe />);
    await waitFor(() => expect(text('error')).toBe(PROFILE_NETWORK_MESSAGE));
  });

  it('logs out: clears storage, tells the server and goes home', async () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    const fetch = mockFetch({
      '/api/auth/profile': () => jsonResponse(profile()),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    renderWithProviders(<Probe />, '/dashboard');
    await waitFor(() => expect(text('user')).toBe('comite'));

    act(() => auth().logout());

    expect(text('user')).toBe('none');
    expect(text('location')).toBe('/');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(fetch.mock.calls.some(([url, init]) => String(url) === '/api/auth/logout' && init?.method === 'POST')).toBe(true);
  });

  describe('refreshing the roles of a signed-in user', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    const jugador = profile({ username: 'jugador', discordRoles: [] });
    const tesorero = profile({ username: 'jugador', discordRoles: [roleIds.TESORERIA] });
    const storedRoles = () => (JSON.parse(localStorage.getItem(USER_KEY) ?? '{}') as { discordRoles?: string[] }).discordRoles;

    async function signedIn(first = jugador) {
      localStorage.setItem(TOKEN_KEY, 'token');
      localStorage.setItem(USER_KEY, JSON.stringify(first));
      const server = mockProfileServer(first);
      renderWithProviders(<Probe />, '/records');
      await waitFor(() => expect(text('loading')).toBe('false'));
      await waitFor(() => expect(auth().mayOpen('/records')).toBe(true));
      return server;
    }

    it('reads the profile again when the window regains focus and stores the fresh roles', async () => {
      const server = await signedIn();
      expect(auth().mayOpen('/treasury')).toBe(false);
      expect(server.reads()).toBe(1);

      server.answer(tesorero);
      await focusWindow();

      await waitFor(() => expect(auth().mayOpen('/treasury')).toBe(true));
      expect(auth().can('treasury', 'modify')).toBe(true);
      expect(server.reads()).toBe(2);
      expect(storedRoles()).toEqual([roleIds.TESORERIA]);
    });

    it('reads the profile again every minute while signed in, and not after signing out', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const server = await signedIn();
      server.answer(tesorero);

      await act(() => vi.advanceTimersByTimeAsync(PROFILE_REFRESH_INTERVAL - 1_000));
      expect(server.reads()).toBe(1);
      expect(auth().mayOpen('/treasury')).toBe(false);

      await act(() => vi.advanceTimersByTimeAsync(1_000));
      await waitFor(() => expect(auth().mayOpen('/treasury')).toBe(true));
      expect(server.reads()).toBe(2);
      expect(storedRoles()).toEqual([roleIds.TESORERIA]);

      act(() => auth().logout());
      await act(() => vi.advanceTimersByTimeAsync(3 * PROFILE_REFRESH_INTERVAL));
      expect(server.reads()).toBe(2);
      expect(text('user')).toBe('none');
    });

    it('logs out with the session-expired message when a refresh answers 401', async () => {
      const server = await signedIn();
      server.answer(() => jsonResponse({ message: 'Token inválido' }, 401));
      await focusWindow();

      await waitFor(() => expect(text('error')).toBe(SESSION_EXPIRED_MESSAGE));
      expect(text('user')).toBe('none');
      expect(text('location')).toBe('/login');
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(localStorage.getItem(USER_KEY)).toBeNull();
    });

    it('keeps the user and the known roles when a refresh fails otherwise', async () => {
      const server = await signedIn(tesorero);
      server.answer(() => jsonResponse({ message: 'boom' }, 500));
      await focusWindow();

      await waitFor(() => expect(server.reads()).toBe(2));
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(text('user')).toBe('jugador');
      expect(text('error')).toBe('');
      expect(auth().mayOpen('/treasury')).toBe(true);
      expect(localStorage.getItem(TOKEN_KEY)).toBe('token');
    });
  });
});
