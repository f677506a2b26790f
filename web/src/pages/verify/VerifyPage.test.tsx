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
    expect(screen.getByText('Please log in to verify your account')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Login with Discord/ }));
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
    expect(await screen.findByText('Verify Your Account')).toBeInTheDocument();
    expect(screen.getByText('Link your Roblox account to verify your identity')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify with Roblox' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://apis.roblox.com/oauth/v1/authorize?state=abc'));
    expect(fetch.mock.calls.some(([url, init]) => String(url) === '/api/verify/initiate' && init?.method === 'POST')).toBe(true);
    // Busy until the browser has left.
    expect(screen.getByRole('button', { name: /Verify with Roblox/ })).toHaveClass('ant-btn-loading');
  });

  it('shows the linked account and the date it was verified', async () => {
    signedIn({ '/api/verify/status': () => jsonResponse({ verified: true, username: 'JugadorMX', verifiedAt: '2025-03-03T18:00:00Z' }) });
    renderAt('/verify');
    expect(await screen.findByText('Account Verified')).toBeInTheDocument();
    expect(screen.getByText('JugadorMX')).toBeInTheDocument();
    const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date('2025-03-03T18:00:00Z'));
    expect(screen.getByText(/^Verified on/)).toHaveTextContent(`Verified on ${expected}`);
    expect(screen.queryByRole('button', { name: 'Verify with Roblox' })).not.toBeInTheDocument();
  });

  it("says 'Error checking verification status' when the status fails", async () => {
    signedIn({ '/api/verify/status': () => jsonResponse({ message: 'Algo salió mal' }, 500) });
    renderAt('/verify');
    expect(await screen.findByText('Error checking verification status')).toBeInTheDocument();
  });

  it("says 'Error initiating verification' and lets the member try again when the start fails", async () => {
    const assign = stubAssign();
    signedIn({
      '/api/verify/status': () => jsonResponse({ verified: false }),
      'POST /api/verify/initiate': () => jsonResponse({ message: 'La verificación con Roblox no está configurada.' }, 503),
    });
    renderAt('/verify');
    await userEvent.click(await screen.findByRole('button', { name: 'Verify with Roblox' }));
    expect(await screen.findByText('Error initiating verification')).toBeInTheDocument();
    expect(screen.getByText('Roblox verification is not available on this server.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify with Roblox' })).not.toHaveClass('ant-btn-loading');
    expect(screen.getByRole('button', { name: 'Verify with Roblox' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('celebrates on /verify/success and returns home', async () => {
    signedIn({});
    renderAt('/verify/success');
    expect(screen.getByText('Verification Successful!')).toBeInTheDocument();
    expect(screen.getByText('Your Roblox account has been verified.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Return Home' }));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it.each([
    ['denied', 'You cancelled the authorization on Roblox.'],
    ['expired', 'The verification expired or was started in another browser.'],
    ['taken', 'This Roblox account is already linked to another Discord account.'],
    ['unavailable', 'Roblox did not answer. Please try again later.'],
  ])('explains the %s failure on /verify/error, with Try Again', async (reason, text) => {
    mockFetch();
    renderAt(`/verify/error?reason=${reason}`);
    expect(screen.getByText('Verification Failed')).toBeInTheDocument();
    expect(screen.getByText('There was an error verifying your account. Please try again.')).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByTestId('location').textContent).toBe('/verify');
  });

  it('gives no reason line for an unknown reason', () => {
    mockFetch();
    renderAt('/verify/error?reason=whatever');
    expect(screen.getByText('Verification Failed')).toBeInTheDocument();
    expect(screen.queryByText(/Roblox did not answer|You cancelled|expired|already linked/)).not.toBeInTheDocument();
  });

  it('is in English', () => {
    mockFetch();
    const { container } = renderAt('/verify/success');
    expect(container.querySelector('[lang="en"]')).not.toBeNull();
  });
});
