import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { jsonResponse, mockFetch } from '../../test/fixtures';
import { newsItem } from '../../test/publicData';
import { renderWithProviders } from '../../test/render';
import { NEWS_PAGE_SIZE } from '../../api/news';
import { createQueryClient } from '../../api/queryClient';
import { MORE_NEWS_TEXT, NEWS_NOT_FOUND, NewsDetailPage, NewsPage } from './NewsPages';

function routes() {
  return (
    <Routes>
      <Route path="/" element={<p>home page</p>} />
      <Route path="/news" element={<NewsPage />} />
      <Route path="/news/:id" element={<NewsDetailPage />} />
    </Routes>
  );
}

function serveNews(items: unknown) {
  mockFetch({ '/api/news/news-cards': () => jsonResponse(items) });
}

/** Serves one item by its id, as GET /api/news/news-cards/{id} does; any other id is not found. */
function serveItem(item: ReturnType<typeof newsItem>) {
  return mockFetch({ [`/api/news/news-cards/${item._id}`]: () => jsonResponse(item) });
}

/** The requests fetch was asked, as URLs, with whether they carried a session. */
function asked(fetch: ReturnType<typeof mockFetch>) {
  return fetch.mock.calls.map(([url, init]) => ({ url: new URL(String(url), 'http://portal'), session: new Headers(init?.headers).has('Authorization') }));
}

const page = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => newsItem({ _id: String(from - i), title: `Noticia ${from - i}` }));

describe('NewsDetailPage', () => {
  it('shows the content as text, line breaks included, never as HTML', async () => {
    const content = 'Primera línea\n<script>alert(1)</script>\n<b>negrita</b>';
    serveItem(newsItem({ _id: '7', title: 'Aviso', type: 'announcement', content }));
    const { container } = renderWithProviders(routes(), '/news/7');
    expect(await screen.findByRole('heading', { name: 'Aviso' })).toBeInTheDocument();
    expect(screen.getByText('Anuncio')).toBeInTheDocument();
    const body = container.querySelector('.news-text');
    expect(body?.textContent).toBe(content);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('shows the date in Spanish and the default image', async () => {
    serveItem(newsItem({ _id: '7', title: 'Aviso', date: '2025-03-03T18:00:00Z' }));
    renderWithProviders(routes(), '/news/7');
    // In Spanish whatever the browser's language (the test's is English).
    const expected = '3 de marzo de 2025';
    expect(await screen.findByText(expected)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Aviso' })).toHaveAttribute('src', '/news-default.svg');
  });

  it('labels an unknown type Noticia', async () => {
    serveItem(newsItem({ _id: '7', title: 'Aviso', type: 'rumor' }));
    renderWithProviders(routes(), '/news/7');
    expect(await screen.findByText('Noticia')).toBeInTheDocument();
  });

  it('opened from a link, shows an old item that is on no page read yet, asking for it alone', async () => {
    const fetch = serveItem(newsItem({ _id: '3', title: 'Noticia de hace años' }));
    renderWithProviders(routes(), '/news/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Noticia de hace años' })).toBeInTheDocument();
    const paths = asked(fetch).map(({ url }) => url.pathname);
    expect(paths).toContain('/api/news/news-cards/3');
    expect(paths).not.toContain('/api/news/news-cards');
  });

  it('opened from the list, shows the item already read without asking for it', async () => {
    const fetch = mockFetch({ '/api/news/news-cards': () => jsonResponse([newsItem({ _id: '2', title: 'Segunda' })]) });
    // The app's client, with its freshness: a list read a moment ago is fresh.
    renderWithProviders(routes(), '/news', createQueryClient());
    await userEvent.click(await screen.findByRole('link', { name: 'Segunda' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Segunda' })).toBeInTheDocument();
    expect(asked(fetch).map(({ url }) => url.pathname)).not.toContain('/api/news/news-cards/2');
  });

  it('says Noticia no encontrada for an unknown id, and goes back to the list', async () => {
    serveItem(newsItem({ _id: '7' }));
    renderWithProviders(routes(), '/news/99');
    expect(await screen.findByText(NEWS_NOT_FOUND)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Volver a Noticias/ }));
    expect(screen.getByTestId('location').textContent).toBe('/news');
  });

  it('shows the load error', async () => {
    mockFetch({ '/api/news/news-cards/7': () => jsonResponse({}, 500) });
    renderWithProviders(routes(), '/news/7');
    expect(await screen.findByText('Error al cargar la noticia')).toBeInTheDocument();
  });
});

describe('NewsPage', () => {
  it('shows the first page of the published news in full, newest first, asked for as a visitor', async () => {
    const long = `${'x'.repeat(200)} final`;
    const fetch = mockFetch({
      '/api/news/news-cards': () => jsonResponse([newsItem({ _id: '2', title: 'Segunda', content: long }), newsItem({ _id: '1', title: 'Primera' })]),
    });
    renderWithProviders(routes(), '/news');
    const links = await screen.findAllByRole('link', { name: /^(Primera|Segunda)$/ });
    expect(links.map((link) => link.textContent)).toEqual(['Segunda', 'Primera']);
    expect(links[0]).toHaveAttribute('href', '/news/2');
    expect(screen.getByText(long)).toBeInTheDocument();
    const list = asked(fetch).filter(({ url }) => url.pathname === '/api/news/news-cards');
    expect(list).toHaveLength(1);
    expect(list[0]?.url.searchParams.get('limit')).toBe(String(NEWS_PAGE_SIZE));
    expect(list[0]?.url.searchParams.has('before')).toBe(false);
    expect(list[0]?.session).toBe(false);
    // A page shorter than the page size is the last: nothing more to ask for.
    expect(screen.queryByRole('button', { name: MORE_NEWS_TEXT })).not.toBeInTheDocument();
  });

  it("reads the next page with 'Ver más noticias', after the last item shown, until the list ends", async () => {
    const fetch = mockFetch({
      '/api/news/news-cards': ({ url }) => {
        const before = new URL(url, 'http://portal').searchParams.get('before');
        return jsonResponse(before === null ? page(40, NEWS_PAGE_SIZE) : before === '29' ? page(28, 3) : []);
      },
    });
    renderWithProviders(routes(), '/news');
    expect(await screen.findByRole('link', { name: 'Noticia 29' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Noticia 28' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: MORE_NEWS_TEXT }));
    expect(await screen.findByRole('link', { name: 'Noticia 26' })).toBeInTheDocument();
    // The first page stays, the second follows it, and the list has ended.
    const titles = screen.getAllByRole('link', { name: /^Noticia \d+$/ }).map((link) => link.textContent);
    expect(titles).toEqual([...page(40, NEWS_PAGE_SIZE), ...page(28, 3)].map((item) => item.title));
    expect(screen.queryByRole('button', { name: MORE_NEWS_TEXT })).not.toBeInTheDocument();
    const pages = asked(fetch).filter(({ url }) => url.pathname === '/api/news/news-cards');
    expect(pages.map(({ url }) => url.searchParams.get('before'))).toEqual([null, '29']);
  });

  it('keeps the items shown when the next page fails, and asks again', async () => {
    let fail = true;
    mockFetch({
      '/api/news/news-cards': ({ url }) => {
        if (new URL(url, 'http://portal').searchParams.get('before') === null) return jsonResponse(page(40, NEWS_PAGE_SIZE));
        return fail ? jsonResponse({ message: 'Página o límite no válidos.' }, 400) : jsonResponse(page(28, 1));
      },
    });
    renderWithProviders(routes(), '/news');
    await userEvent.click(await screen.findByRole('button', { name: MORE_NEWS_TEXT }));
    expect(await screen.findByText('Página o límite no válidos.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Noticia 40' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: MORE_NEWS_TEXT }));
    expect(await screen.findByRole('link', { name: 'Noticia 28' })).toBeInTheDocument();
    expect(screen.queryByText('Página o límite no válidos.')).not.toBeInTheDocument();
  });

  it('shows the loading spinner, then the empty text', async () => {
    serveNews([]);
    renderWithProviders(routes(), '/news');
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    expect(await screen.findByText('No hay noticias disponibles')).toBeInTheDocument();
  });

  it('shows the error banner', async () => {
    mockFetch({ '/api/news/news-cards': () => jsonResponse({}, 500) });
    renderWithProviders(routes(), '/news');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error al cargar las noticias')).toBeInTheDocument();
  });

  it('has a back button to the landing page', async () => {
    serveNews([]);
    renderWithProviders(routes(), '/news');
    await userEvent.click(screen.getByRole('button', { name: /Volver al Inicio/ }));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});
