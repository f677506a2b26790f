import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { ArtistApplication } from '../../api/types';
import { jsonResponse, mockFetch, profile, roleIds } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ArtistApplicationsPage, NO_PERMISSION_MESSAGE } from './ArtistApplicationsPage';

type Handlers = Parameters<typeof mockFetch>[0];

const application: ArtistApplication = {
  _id: '3',
  email: 'artista@gmail.com',
  phone: '55 1234 5678',
  status: 'pendiente',
  createdAt: '2025-03-03T18:00:00Z',
};

function signIn(artistReviewer: boolean, handlers: Handlers = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(profile({ reviewer: artistReviewer, discordRoles: [roleIds.COMITE] })),
    'GET /api/artists/applications': () => jsonResponse([application]),
    ...handlers,
  });
}

describe('ArtistApplicationsPage', () => {
  it('shows a reviewer the table of applications', async () => {
    signIn(true);
    renderWithProviders(<ArtistApplicationsPage />);
    expect(await screen.findByRole('heading', { name: 'Aplicaciones de Dibujantes' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    for (const column of ['Email', 'Teléfono', 'Estado', 'Fecha']) {
      expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    const row = (await within(table).findByText('artista@gmail.com')).closest('tr') as HTMLElement;
    expect(within(row).getByText('55 1234 5678')).toBeInTheDocument();
    expect(within(row).getByTitle('Pendiente')).toBeInTheDocument();
    const date = '3 de marzo de 2025';
    expect(within(row).getByText(date)).toBeInTheDocument();
  });

  it('saves a new status and reloads the list', async () => {
    let current = application;
    const fetch = signIn(true, {
      'GET /api/artists/applications': () => jsonResponse([current]),
      'PUT /api/artists/applications/3/status': ({ init }) => {
        current = { ...current, ...(JSON.parse(String(init?.body)) as Pick<ArtistApplication, 'status'>) };
        return jsonResponse(current);
      },
    });
    renderWithProviders(<ArtistApplicationsPage />);
    const select = await screen.findByRole('combobox', { name: 'Estado de artista@gmail.com' });
    await userEvent.click(select);
    await userEvent.click(await screen.findByTitle('Rechazada'));
    await waitFor(() => expect(current.status).toBe('rechazada'));
    const put = fetch.mock.calls.find(([url, init]) => String(url).endsWith('/api/artists/applications/3/status') && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ status: 'rechazada' });
    const row = screen.getByText('artista@gmail.com').closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row).getByTitle('Rechazada')).toBeInTheDocument());
  });

  it('says when there are no applications', async () => {
    signIn(true, { 'GET /api/artists/applications': () => jsonResponse([]) });
    renderWithProviders(<ArtistApplicationsPage />);
    expect(await screen.findByText('No hay aplicaciones')).toBeInTheDocument();
  });

  it('shows Error al cargar las aplicaciones', async () => {
    signIn(true, { 'GET /api/artists/applications': () => new Response('', { status: 500 }) });
    renderWithProviders(<ArtistApplicationsPage />);
    expect(await screen.findByText('Error al cargar las aplicaciones', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('refuses anyone else, COMITE included, without asking for the list', async () => {
    const fetch = signIn(false);
    renderWithProviders(<ArtistApplicationsPage />);
    expect(await screen.findByText(NO_PERMISSION_MESSAGE)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/artists/applications'))).toBe(false);
  });
});
