import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REDIRECT_KEY } from '../auth/redirect';
import { mockFetch } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { LoginPrompt } from './LoginPrompt';

describe('LoginPrompt', () => {
  it('asks to sign in and starts the Discord sign-in, remembering the page', async () => {
    mockFetch();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderWithProviders(<LoginPrompt />, '/support?tab=2');
    expect(screen.getByText('Inicia Sesión para usar esto')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Iniciar sesión con Discord/ }));
    expect(assign).toHaveBeenCalledWith('/api/auth/discord');
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe('/support?tab=2');
  });
});
