import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fixtures';
import { newsItem, publicConfig, testServers } from '../../test/publicData';
import { renderWithProviders } from '../../test/render';
import { LATEST_NEWS_COUNT } from '../../api/news';
import { LandingPage } from './LandingPage';

function serve(news: unknown, config = publicConfig) {
  mockFetch({ '/api/config': () => jsonResponse(config), '/api/news/news-cards': () => jsonResponse(news) });
}

const section = (name: string) => screen.getByRole('heading', { name }).closest('section') as HTMLElement;

describe('LandingPage', () => {
  it('shows the four servers with their status, players and join buttons', async () => {
    serve([]);
    renderWithProviders(<LandingPage />);
    await screen.findByRole('heading', { name: 'Principal' });
    const servers = section('Servidores');
    for (const server of testServers) expect(within(servers).getByRole('heading', { name: server.name })).toBeInTheDocument();
    expect(within(servers).getByText('En línea')).toBeInTheDocument();
    expect(within(servers).getAllByText('Mantenimiento')).toHaveLength(2);
    expect(within(servers).getByText('Fuera de línea')).toBeInTheDocument();
    expect(within(servers).getByText('39 de 40 jugadores')).toBeInTheDocument();
    expect(within(servers).getByRole('link', { name: /Unirse/ })).toHaveAttribute('href', testServers[0]?.joinUrl);
    const unavailable = within(servers).getAllByRole('button', { name: 'No Disponible' });
    expect(unavailable).toHaveLength(3);
    for (const button of unavailable) expect(button).toBeDisabled();
  });

  it('joins the main server from the hero and links the community chat', async () => {
    serve([]);
    renderWithProviders(<LandingPage />);
    expect(await screen.findByRole('link', { name: /Jugar Ahora/ })).toHaveAttribute('href', testServers[0]?.joinUrl);
    expect(screen.getByRole('link', { name: /Únete a Discord/ })).toHaveAttribute('href', publicConfig.communityChatUrl);
  });

  it('disables the hero join button while the main server is not online', async () => {
    const [main, ...rest] = testServers;
    serve([], { ...publicConfig, servers: [{ ...main!, status: 'maintenance' }, ...rest] });
    renderWithProviders(<LandingPage />);
    const hero = await screen.findByRole('banner');
    expect(await within(hero).findByRole('button', { name: 'No Disponible' })).toBeDisabled();
    expect(within(hero).queryByRole('link', { name: /Jugar Ahora/ })).not.toBeInTheDocument();
  });

  it('asks for the latest few news only, as a visitor, and shows them with a 150-character preview', async () => {
    const content = `${'a'.repeat(150)}RESTO`;
    // The server's published list, newest first; it answers as many as asked for.
    const published = [
      newsItem({ _id: '4', title: 'Cuarta', content, type: 'event' }),
      newsItem({ _id: '2', title: 'Segunda' }),
      newsItem({ _id: '1', title: 'Primera' }),
      newsItem({ _id: '0', title: 'Vieja' }),
    ];
    const fetch = mockFetch({
      '/api/config': () => jsonResponse(publicConfig),
      '/api/news/news-cards': ({ url }) => jsonResponse(published.slice(0, Number(new URL(url, 'http://portal').searchParams.get('limit') ?? 20))),
    });
    renderWithProviders(<LandingPage />);
    expect(await screen.findByRole('link', { name: 'Cuarta' })).toHaveAttribute('href', '/news/4');
    const news = section('Últimas Noticias');
    expect(within(news).getByText(`${'a'.repeat(150)}...`)).toBeInTheDocument();
    expect(within(news).queryByText(/RESTO/)).not.toBeInTheDocument();
    expect(within(news).getByText('Evento')).toBeInTheDocument();
    expect(within(news).getByRole('link', { name: 'Primera' })).toBeInTheDocument();
    expect(within(news).queryByText('Vieja')).not.toBeInTheDocument();
    expect(within(news).getByRole('link', { name: /Ver todas las noticias/ })).toHaveAttribute('href', '/news');
    const asked = fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/news/news-cards'));
    expect(asked).toHaveLength(1);
    const [url, init] = asked[0]!;
    expect(new URL(String(url), 'http://portal').searchParams.get('limit')).toBe(String(LATEST_NEWS_COUNT));
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(within(news).getAllByRole('link', { name: /^(Cuarta|Segunda|Primera|Vieja)$/ })).toHaveLength(LATEST_NEWS_COUNT);
  });

  it('says when there is no news', async () => {
    serve([]);
    renderWithProviders(<LandingPage />);
    expect(await screen.findByText('No hay noticias disponibles')).toBeInTheDocument();
  });
});
