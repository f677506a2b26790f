import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { NewsCard } from '../../api/types';
import { jsonResponse, mockFetch, profile, roleIds } from '../../test/fixtures';
import { newsItem } from '../../test/publicData';
import { renderWithProviders } from '../../test/render';
import { NEWS_PAGE_SIZE } from '../../api/news';
import { LOAD_MORE_TEXT } from '../../components/LoadMore';
import { DELETE_NEWS_QUESTION, NEWS_NO_PERMISSION, NewsAdminPage } from './NewsAdminPage';

type Handlers = Parameters<typeof mockFetch>[0];

function signIn(discordRoles: string[], news: NewsCard[], handlers: Handlers = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(profile({ discordRoles })),
    'GET /api/news/news-cards': () => jsonResponse(news),
    ...handlers,
  });
}

const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url).endsWith(path) && (init?.method ?? 'GET') === method);

const confirmation = () => screen.findByRole('dialog', { name: DELETE_NEWS_QUESTION });

describe('NewsAdminPage', () => {
  it('refuses an admin who does not manage news', async () => {
    signIn([roleIds.RH], []);
    renderWithProviders(<NewsAdminPage />);
    expect(await screen.findByText(NEWS_NO_PERMISSION)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nueva Noticia/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Volver al Dashboard/ }));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
  });

  it.each([
    ['SCJN_ADMIN', roleIds.SCJN_ADMIN],
    ['CONGRESO_ADMIN', roleIds.CONGRESO_ADMIN],
  ])('lists every item, inactive ones marked, for %s', async (_name, role) => {
    signIn([role], [newsItem({ _id: '1', title: 'Visible' }), newsItem({ _id: '2', title: 'Escondida', active: false })]);
    renderWithProviders(<NewsAdminPage />);
    expect(await screen.findByRole('heading', { name: 'Escondida' })).toBeInTheDocument();
    const hidden = screen.getByRole('heading', { name: 'Escondida' }).closest('.ant-card') as HTMLElement;
    expect(within(hidden).getByText('Inactiva')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Visible' })).toBeInTheDocument();
  });

  it("reaches every item a page at a time with 'Cargar más', asked with the session", async () => {
    const items = Array.from({ length: NEWS_PAGE_SIZE + 2 }, (_, i) =>
      newsItem({ _id: String(50 - i), title: `Noticia ${50 - i}`, active: i % 4 !== 1 }),
    );
    const fetch = signIn([roleIds.SCJN_ADMIN], [], {
      'GET /api/news/news-cards': ({ url }) => {
        const params = new URL(url, 'http://portal').searchParams;
        const from = params.has('before') ? items.findIndex((item) => item._id === params.get('before')) + 1 : 0;
        return jsonResponse(items.slice(from, from + Number(params.get('limit'))));
      },
    });
    renderWithProviders(<NewsAdminPage />);
    expect(await screen.findByRole('heading', { name: 'Noticia 50' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Noticia 37' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: LOAD_MORE_TEXT }));
    expect(await screen.findByRole('heading', { name: 'Noticia 37' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: /^Noticia \d+$/ })).toHaveLength(items.length);
    expect(screen.queryByRole('button', { name: LOAD_MORE_TEXT })).not.toBeInTheDocument();
    const lists = calls(fetch, 'GET', '').filter(([url]) => String(url).startsWith('/api/news/news-cards?'));
    expect(lists.map(([url]) => new URL(String(url), 'http://portal').searchParams.get('before'))).toEqual([null, '39']);
    for (const [, init] of lists) expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token');
  });

  it('previews an item with the content cut at 100 characters', async () => {
    signIn([roleIds.SCJN_ADMIN], [newsItem({ _id: '1', title: 'Larga', content: `${'p'.repeat(100)}SOBRANTE` })]);
    renderWithProviders(<NewsAdminPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Vista previa: Larga' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vista Previa' });
    expect(within(dialog).getByText(`${'p'.repeat(100)}...`)).toBeInTheDocument();
  });

  it('creates an item after checking the fields, then reloads the list', async () => {
    let listed: NewsCard[] = [];
    const fetch = signIn([roleIds.COMITE], [], {
      'GET /api/news/news-cards': () => jsonResponse(listed),
      'POST /api/news/news-cards': ({ init }) => {
        const body = JSON.parse(String(init?.body)) as NewsCard;
        listed = [newsItem({ ...body, _id: '9' })];
        return jsonResponse(listed[0], 201);
      },
    });
    renderWithProviders(<NewsAdminPage />);
    expect(await screen.findByText('No hay noticias disponibles')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Nueva Noticia/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Noticia' });

    await userEvent.type(within(dialog).getByLabelText(/URL de la imagen/), 'ftp://img.example/a.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear Noticia' }));
    expect(await within(dialog).findByText('El título es obligatorio')).toBeInTheDocument();
    expect(within(dialog).getByText('El contenido es obligatorio')).toBeInTheDocument();
    expect(within(dialog).getByText('La URL de la imagen debe empezar con http:// o https://')).toBeInTheDocument();
    expect(calls(fetch, 'POST', '/api/news/news-cards')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText(/URL de la imagen/));
    await userEvent.type(within(dialog).getByLabelText('Título'), 'Nueva temporada');
    await userEvent.type(within(dialog).getByLabelText('Contenido'), 'Línea 1{enter}Línea 2');
    expect(within(dialog).getByRole('switch')).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear Noticia' }));

    expect(await within(dialog).findByText('Noticia creada exitosamente')).toBeInTheDocument();
    const [post] = calls(fetch, 'POST', '/api/news/news-cards');
    const body = JSON.parse(String(post?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ title: 'Nueva temporada', content: 'Línea 1\nLínea 2', type: 'update', imageUrl: '', active: true });
    // Dated today (the community's day): the server dates it at the moment it is created.
    expect(body.date).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Nueva temporada' })).toBeInTheDocument();
  });

  it('edits an item and shows the update text', async () => {
    const fetch = signIn([roleIds.COMITE], [newsItem({ _id: '5', title: 'Original', type: 'event', imageUrl: 'https://img.example/a.png' })], {
      'PUT /api/news/news-cards/5': ({ init }) => jsonResponse({ ...newsItem({ _id: '5' }), ...JSON.parse(String(init?.body)) }),
    });
    renderWithProviders(<NewsAdminPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Editar: Original' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Noticia' });
    expect(within(dialog).getByLabelText('Título')).toHaveValue('Original');
    await userEvent.clear(within(dialog).getByLabelText('Título'));
    await userEvent.type(within(dialog).getByLabelText('Título'), 'Cambiada');
    await userEvent.click(within(dialog).getByRole('switch'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    // The dialog says so and stays a moment before it closes on its own.
    expect(await within(dialog).findByText('Noticia actualizada exitosamente')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Guardar Cambios' })).toBeDisabled();
    // Under jsdom the closing animation never ends, so the dialog is seen starting to leave.
    expect(dialog).not.toHaveClass('ant-zoom-leave');
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'), { timeout: 6000 });
    const [put] = calls(fetch, 'PUT', '/api/news/news-cards/5');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ title: 'Cambiada', type: 'event', imageUrl: 'https://img.example/a.png', active: false });
  });

  it("keeps the dialog open with the server's message when saving fails", async () => {
    signIn([roleIds.COMITE], [newsItem({ _id: '5', title: 'Original' })], {
      'PUT /api/news/news-cards/5': () => jsonResponse({}, 500),
    });
    renderWithProviders(<NewsAdminPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Editar: Original' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Noticia' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByText('Error al actualizar la noticia')).toBeInTheDocument();
  });

  it('deletes an item only after the confirmation', async () => {
    let listed = [newsItem({ _id: '5', title: 'Borrable' })];
    const fetch = signIn([roleIds.COMITE], [], {
      'GET /api/news/news-cards': () => jsonResponse(listed),
      'DELETE /api/news/news-cards/5': () => {
        listed = [];
        return jsonResponse({ message: 'Noticia eliminada' });
      },
    });
    renderWithProviders(<NewsAdminPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar: Borrable' }));
    const confirm = await confirmation();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Noticia eliminada exitosamente')).toBeInTheDocument();
    expect(calls(fetch, 'DELETE', '/api/news/news-cards/5')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Borrable' })).not.toBeInTheDocument());
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    const fetch = signIn([roleIds.COMITE], [newsItem({ _id: '5', title: 'Borrable' })]);
    renderWithProviders(<NewsAdminPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar: Borrable' }));
    await userEvent.click(within(await confirmation()).getByRole('button', { name: 'Cancelar' }));
    expect(calls(fetch, 'DELETE', '/api/news/news-cards/5')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Borrable' })).toBeInTheDocument();
  });

  it("shows the server's message when deleting is refused", async () => {
    signIn([roleIds.COMITE], [newsItem({ _id: '5', title: 'Borrable' })], {
      'DELETE /api/news/news-cards/5': () => jsonResponse({ message: 'No tienes permiso para acceder a esta sección' }, 403),
    });
    renderWithProviders(<NewsAdminPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar: Borrable' }));
    const confirm = await confirmation();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(NEWS_NO_PERMISSION)).toBeInTheDocument();
  });
});
