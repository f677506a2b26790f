import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { jsonResponse, mockFetch } from '../../test/fixtures';
import { newsItem } from '../../test/publicData';
import { renderWithProviders } from '../../test/render';
import { NEWS_NOT_FOUND, NewsDetailPage, NewsPage } from './NewsPages';

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

describe('NewsDetailPage', () => {
  it('shows the content as text, line breaks included, never as HTML', async () => {
    const content = 'Primera línea\n<script>alert(1)</script>\n<b>negrita</b>';
    serveNews([newsItem({ _id: '7', title: 'Aviso', type: 'announcement', content })]);
    const { container } = renderWithProviders(routes(), '/news/7');
    expect(await screen.findByRole('heading', { name: 'Aviso' })).toBeInTheDocument();
    expect(screen.getByText('Anuncio')).toBeInTheDocument();
    const body = container.querySelector('.news-text');
    expect(body?.textContent).toBe(content);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('shows the date in Spanish and the default image', async () => {
    serveNews([newsItem({ _id: '7', title: 'Aviso', date: '2025-03-03T18:00:00Z' })]);
    renderWithProviders(routes(), '/news/7');
    // In Spanish whatever the browser's language (the test's is English).
    const expected = '3 de marzo de 2025';
    expect(await screen.findByText(expected)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Aviso' })).toHaveAttribute('src', '/news-default.svg');
  });

  it('labels an unknown type Noticia', async () => {
    serveNews([newsItem({ _id: '7', title: 'Aviso', type: 'rumor' })]);
    renderWithProviders(routes(), '/news/7');
    expect(await screen.findByText('Noticia')).toBeInTheDocument();
  });

  it('says Noticia no encontrada for an unknown id, and goes back to the list', async () => {
    serveNews([newsItem({ _id: '7' })]);
    renderWithProviders(routes(), '/news/99');
    expect(await screen.findByText(NEWS_NOT_FOUND)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Volver a Noticias/ }));
    expect(screen.getByTestId('location').textContent).toBe('/news');
  });

  it('shows the load error', async () => {
    mockFetch({ '/api/news/news-cards': () => jsonResponse({}, 500) });
    renderWithProviders(routes(), '/news/7');
    expect(await screen.findByText('Error al cargar la noticia')).toBeInTheDocument();
  });
});

describe('NewsPage', () => {
  it('shows every active item in full, newest first', async () => {
    const long = `${'x'.repeat(200)} final`;
    serveNews([
      newsItem({ _id: '2', title: 'Segunda', content: long }),
      newsItem({ _id: '1', title: 'Primera' }),
      newsItem({ _id: '3', title: 'Oculta', active: false }),
    ]);
    renderWithProviders(routes(), '/news');
    const links = await screen.findAllByRole('link', { name: /^(Primera|Segunda)$/ });
    expect(links.map((link) => link.textContent)).toEqual(['Segunda', 'Primera']);
    expect(links[0]).toHaveAttribute('href', '/news/2');
    expect(screen.getByText(long)).toBeInTheDocument();
    expect(screen.queryByText('Oculta')).not.toBeInTheDocument();
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
