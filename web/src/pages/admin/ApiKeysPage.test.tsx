import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { ApiKey } from '../../api/types';
import { jsonResponse, mockFetch, profile } from '../../test/fixtures';
import { apiKey } from '../../test/identity';
import { renderWithProviders } from '../../test/render';
import { setViewport } from '../../test/viewport';
import { ApiKeysPage } from './ApiKeysPage';

const SECRET = 'zk_9f8e7d6c5b4a_0123456789abcdef0123456789abcdef0123456789abcdef';

/** A tiny key server: lists, issues and revokes. */
function serve(initial: ApiKey[]) {
  localStorage.setItem(TOKEN_KEY, 'token');
  let keys = [...initial];
  const fetch = mockFetch({
    '/api/auth/profile': () => jsonResponse(profile()),
    'GET /api/admin/api-keys': () => jsonResponse(keys),
    'POST /api/admin/api-keys': ({ init }) => {
      const { name } = JSON.parse(String(init?.body)) as { name: string };
      const created = apiKey({ id: 9, name, prefix: 'zk_9f8e7d6c5b4a', createdAt: '2025-03-04T10:00:00Z' });
      keys = [created, ...keys];
      return jsonResponse({ ...created, key: SECRET }, 201);
    },
    'DELETE /api/admin/api-keys/1': () => {
      keys = keys.map((key) => (key.id === 1 ? { ...key, revokedAt: '2025-03-05T10:00:00Z' } : key));
      return jsonResponse({ message: 'Clave revocada.' });
    },
  });
  return fetch;
}

const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('ApiKeysPage', () => {
  it('lists the keys with their prefix, author, dates and state', async () => {
    setViewport(1280);
    serve([
      apiKey({ lastUsedAt: '2025-03-04T12:00:00Z' }),
      apiKey({ id: 2, name: 'Servidor Eventos', prefix: 'zk_111111111111', revokedAt: '2025-03-04T09:00:00Z' }),
    ]);
    renderWithProviders(<ApiKeysPage />, '/admin/api-keys');
    expect(screen.getByRole('heading', { name: 'Claves de API' })).toBeInTheDocument();
    expect(await screen.findByText('Servidor Principal')).toBeInTheDocument();
    expect(row('Servidor Principal')).toHaveTextContent('zk_580ef585be35…');
    expect(row('Servidor Principal')).toHaveTextContent('por comite');
    expect(row('Servidor Principal')).toHaveTextContent('Activa');
    expect(within(row('Servidor Principal')).getByRole('button', { name: 'Revocar Servidor Principal' })).toBeInTheDocument();
    expect(row('Servidor Eventos')).toHaveTextContent('Revocada');
    expect(row('Servidor Eventos')).toHaveTextContent('Nunca');
    expect(within(row('Servidor Eventos')).queryByRole('button')).not.toBeInTheDocument();
  });

  it("says 'No hay claves de API' when there are none", async () => {
    serve([]);
    renderWithProviders(<ApiKeysPage />, '/admin/api-keys');
    expect(await screen.findByText('No hay claves de API')).toBeInTheDocument();
  });

  it('shows a new key once, with a copy button, and never again after it is dismissed', async () => {
    const fetch = serve([apiKey()]);
    renderWithProviders(<ApiKeysPage />, '/admin/api-keys');
    await screen.findByText('Servidor Principal');

    await userEvent.click(screen.getByRole('button', { name: /Crear clave/ }));
    expect(await screen.findByText('Ponle un nombre a la clave')).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Nombre'));
    await userEvent.paste('Servidor Secundario');
    await userEvent.click(screen.getByRole('button', { name: /Crear clave/ }));
    expect(await screen.findByText('Copia esta clave ahora: no se volverá a mostrar.')).toBeInTheDocument();
    const secret = screen.getByLabelText('Clave de API');
    expect(secret).toHaveTextContent(SECRET);
    expect(within(secret.closest('.ant-alert') as HTMLElement).getByRole('button', { name: /Copiar clave/ })).toBeInTheDocument();
    expect(await screen.findByText('Servidor Secundario')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveValue('');
    const post = fetch.mock.calls.find(([url, init]) => String(url) === '/api/admin/api-keys' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Servidor Secundario' });

    await userEvent.click(within(secret.closest('.ant-alert') as HTMLElement).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
    expect(screen.queryByText('Copia esta clave ahora: no se volverá a mostrar.')).not.toBeInTheDocument();
  });

  it('revokes a key after confirmation', async () => {
    const fetch = serve([apiKey()]);
    renderWithProviders(<ApiKeysPage />, '/admin/api-keys');
    await userEvent.click(await screen.findByRole('button', { name: 'Revocar Servidor Principal' }));
    const confirm = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((dialog) => dialog.textContent?.includes('¿Revocar esta clave de API?'));
      if (!found) throw new Error('no confirmation');
      return found;
    });
    expect(confirm).toHaveTextContent('«Servidor Principal»');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(row('Servidor Principal')).toHaveTextContent('Revocada'));
    expect(fetch.mock.calls.some(([url, init]) => String(url) === '/api/admin/api-keys/1' && init?.method === 'DELETE')).toBe(true);
  });

  it("shows the server's message when it refuses the list", async () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    mockFetch({
      '/api/auth/profile': () => jsonResponse(profile()),
      '/api/admin/api-keys': () => jsonResponse({ message: 'Solo la administración puede gestionar las claves de API.' }, 403),
    });
    renderWithProviders(<ApiKeysPage />, '/admin/api-keys');
    expect(await screen.findByText('Solo la administración puede gestionar las claves de API.')).toBeInTheDocument();
  });
});
