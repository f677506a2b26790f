import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import { jsonResponse, mockFetch, profile, roleIds } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ArtistApplicationsPage, NO_PERMISSION_MESSAGE } from './ArtistApplicationsPage';

function signIn(artistReviewer: boolean) {
  localStorage.setItem(TOKEN_KEY, 'token');
  mockFetch({ '/api/auth/profile': () => jsonResponse(profile({ artistReviewer, discordRoles: [roleIds.COMITE] })) });
}

describe('ArtistApplicationsPage', () => {
  it('opens for a reviewer', async () => {
    signIn(true);
    renderWithProviders(<ArtistApplicationsPage />);
    expect(await screen.findByRole('heading', { name: 'Aplicaciones de Dibujantes' })).toBeInTheDocument();
  });

  it('refuses anyone else, COMITE included', async () => {
    signIn(false);
    renderWithProviders(<ArtistApplicationsPage />);
    expect(await screen.findByText(NO_PERMISSION_MESSAGE)).toBeInTheDocument();
  });
});
