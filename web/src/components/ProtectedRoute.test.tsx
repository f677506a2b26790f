import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { TOKEN_KEY } from '../api/client';
import { REDIRECT_KEY } from '../auth/redirect';
import { jsonResponse, mockFetch, mockProfileServer, profile, roleIds } from '../test/fixtures';
import { focusWindow } from '../test/focus';
import { renderWithProviders } from '../test/render';
import { useAuth } from '../auth/useAuth';
import { ProtectedRoute } from './ProtectedRoute';

function SignOutButton() {
  const { logout } = useAuth();
  return (
    <button type="button" onClick={logout}>
      salir
    </button>
  );
}

function routes() {
  return (
    <Routes>
      <Route path="/login" element={<p>login page</p>} />
      <Route path="/unauthorized" element={<p>denied page</p>} />
      <Route path="/treasury" element={<p>treasury page</p>} />
      <Route path="/" element={<p>home page</p>} />
      <Route path="/records" element={<ProtectedRoute><p>records page</p><SignOutButton /></ProtectedRoute>} />
      <Route
        path="/dashboard"
        element={
          <ProtectedRoute otherwise="/treasury">
            <p>dashboard page</p>
          </ProtectedRoute>
        }
      />
      <Route path="/legislative" element={<ProtectedRoute><p>legislative page</p></ProtectedRoute>} />
    </Routes>
  );
}

function signIn(discordRoles: string[]) {
  localStorage.setItem(TOKEN_KEY, 'token');
  mockFetch({ '/api/auth/profile': () => jsonResponse(profile({ discordRoles })) });
}

describe('ProtectedRoute', () => {
  it('sends a signed-out visitor to /login and remembers the page', async () => {
    mockFetch();
    renderWithProviders(routes(), '/records?q=1');
    await waitFor(() => expect(screen.getByText('login page')).toBeInTheDocument());
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe('/records?q=1');
  });

  it("shows 'Verifying authentication...' while the session is checked", async () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    mockFetch({ '/api/auth/profile': () => new Promise<Response>(() => undefined) });
    renderWithProviders(routes(), '/records');
    expect(screen.getByText('Verifying authentication...')).toBeInTheDocument();
  });

  it('lets in any signed-in user where no role is needed', async () => {
    signIn([]);
    renderWithProviders(routes(), '/records');
    expect(await screen.findByText('records page')).toBeInTheDocument();
  });

  it('lets in a user whom the server lets open the page', async () => {
    signIn([roleIds.MODERADOR]);
    renderWithProviders(routes(), '/dashboard');
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
  });

  it('sends a user whom the server does not let open the page to /unauthorized', async () => {
    signIn([roleIds.MODERADOR]);
    renderWithProviders(routes(), '/legislative');
    expect(await screen.findByText('denied page')).toBeInTheDocument();
  });

  it('sends a treasury-only member from the dashboard to /treasury, which the server lets them open', async () => {
    signIn([roleIds.AUDITOR]);
    renderWithProviders(routes(), '/dashboard');
    expect(await screen.findByText('treasury page')).toBeInTheDocument();
  });

  it('follows the pages the server lists, not the roles', async () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    // A MODERADOR whose role was granted treasury Lectura on /admin/roles.
    const granted = profile({ discordRoles: [roleIds.MODERADOR] });
    mockFetch({ '/api/auth/profile': () => jsonResponse({ ...granted, pages: [...granted.pages, '/treasury'] }) });
    renderWithProviders(
      <Routes>
        <Route path="/unauthorized" element={<p>denied page</p>} />
        <Route path="/treasury" element={<ProtectedRoute><p>treasury page</p></ProtectedRoute>} />
        <Route path="/staff/:userId" element={<ProtectedRoute><p>staff record</p></ProtectedRoute>} />
      </Routes>,
      '/treasury',
    );
    expect(await screen.findByText('treasury page')).toBeInTheDocument();
  });

  it('matches a page with a parameter against its pattern', async () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    mockFetch({ '/api/auth/profile': () => jsonResponse(profile({ discordRoles: [roleIds.RH] })) });
    renderWithProviders(
      <Routes>
        <Route path="/unauthorized" element={<p>denied page</p>} />
        <Route path="/staff/:userId" element={<ProtectedRoute><p>staff record</p></ProtectedRoute>} />
      </Routes>,
      '/staff/1400000000000000005',
    );
    expect(await screen.findByText('staff record')).toBeInTheDocument();
  });

  it('signing out on a protected page goes home, not to /login', async () => {
    signIn([]);
    renderWithProviders(routes(), '/records');
    await userEvent.click(await screen.findByRole('button', { name: 'salir' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBeNull();
  });

  describe('when the known roles fall short', () => {
    it("reads the profile again, showing 'Verifying authentication...', and lets in a user given the role since", async () => {
      localStorage.setItem(TOKEN_KEY, 'token');
      const server = mockProfileServer(profile({ discordRoles: [] }));
      let answerFresh: (response: Response) => void = () => undefined;
      const fresh = new Promise<Response>((resolve) => (answerFresh = resolve));
      renderWithProviders(routes(), '/legislative');
      expect(server.reads()).toBe(1);
      server.answer(() => fresh);

      await waitFor(() => expect(server.reads()).toBe(2));
      expect(screen.getByText('Verifying authentication...')).toBeInTheDocument();
      expect(screen.queryByText('denied page')).not.toBeInTheDocument();
      expect(screen.getByTestId('location').textContent).toBe('/legislative');

      answerFresh(jsonResponse(profile({ discordRoles: [roleIds.DIPUTADO] })));
      expect(await screen.findByText('legislative page')).toBeInTheDocument();
      expect(screen.getByTestId('location').textContent).toBe('/legislative');
      expect(server.reads()).toBe(2);
    });

    it('refuses after one more read when the fresh roles fall short too', async () => {
      localStorage.setItem(TOKEN_KEY, 'token');
      const server = mockProfileServer(profile({ discordRoles: [roleIds.MODERADOR] }));
      renderWithProviders(routes(), '/legislative');
      expect(await screen.findByText('denied page')).toBeInTheDocument();
      expect(server.reads()).toBe(2);
    });

    it('sends a user whose role was taken away to /unauthorized once a refresh tells', async () => {
      localStorage.setItem(TOKEN_KEY, 'token');
      const server = mockProfileServer(profile({ discordRoles: [roleIds.DIPUTADO] }));
      renderWithProviders(routes(), '/legislative');
      expect(await screen.findByText('legislative page')).toBeInTheDocument();
      expect(server.reads()).toBe(1);

      server.answer(profile({ discordRoles: [] }));
      await focusWindow();
      expect(await screen.findByText('denied page')).toBeInTheDocument();
      expect(screen.getByTestId('location').textContent).toBe('/unauthorized');
    });
  });
});
