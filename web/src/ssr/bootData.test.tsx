import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../api/client';
import { AuthProvider } from '../auth/AuthProvider';
import { USER_KEY } from '../auth/context';
import { NavBar } from '../layout/NavBar';
import { MORE_NEWS_TEXT, NewsDetailPage, NewsPage } from '../pages/public/NewsPages';
import { NEWS_PAGE_SIZE } from '../api/news';
import { LandingPage } from '../pages/public/LandingPage';
import { jsonResponse, mockFetch, mockProfileServer, profile } from '../test/fixtures';
import { newsItem, publicConfig } from '../test/publicData';
import { createQueryClient } from '../api/queryClient';
import { ThemeProvider } from '../theme/ThemeProvider';
import { BOOT_ELEMENT_ID, readBootData, seedQueries, sessionIdOf } from './bootData';

/** A token whose payload names the session `jti` (the signature is the server's business). */
function tokenOf(jti: string): string {
  const payload = btoa(JSON.stringify({ iss: 'zocalo', sub: '1', jti })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `e30.${payload}.firma`;
}

function withClient(queryClient: QueryClient, path: string, children: ReactNode) {
  return render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[path]}>
          <AuthProvider>{children}</AuthProvider>
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

/** The paths fetch was asked for. */
const askedFor = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.map(([url]) => String(url).split('?')[0]);

describe('the data the server writes into the page', () => {
  it('is read from its data block; a missing or damaged block is no data', () => {
    expect(readBootData(document)).toEqual({});
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = BOOT_ELEMENT_ID;
    block.textContent = '{"year":2026,"config":{"communityName":"Zócalo"}}';
    document.body.append(block);
    expect(readBootData(document)).toEqual({ year: 2026, config: { communityName: 'Zócalo' } });
    block.textContent = '{"year":';
    expect(readBootData(document)).toEqual({});
    block.remove();
  });

  it("names the session of a token by its jti, and nothing for a token it cannot read", () => {
    expect(sessionIdOf(tokenOf('abc123'))).toBe('abc123');
    expect(sessionIdOf('not-a-token')).toBeNull();
    expect(sessionIdOf('a.%%%.b')).toBeNull();
  });

  it('shows the landing from the served configuration and news, asking the API for neither', async () => {
    const fetch = mockFetch();
    // The app's client: what it seeds counts as just read, under the app's freshness rules.
    const queryClient = createQueryClient();
    seedQueries(queryClient, { config: publicConfig, latestNews: [newsItem({ _id: '9', title: 'Servida' })] }, null);
    withClient(queryClient, '/', <LandingPage />);
    const servers = screen.getByRole('heading', { name: 'Servidores' }).closest('section') as HTMLElement;
    expect(await within(servers).findByRole('heading', { name: 'Principal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Servida' })).toHaveAttribute('href', '/news/9');
    expect(askedFor(fetch)).not.toContain('/api/config');
    expect(askedFor(fetch)).not.toContain('/api/news/news-cards');
  });

  it("shows a news item's page from the served item", async () => {
    const fetch = mockFetch();
    // The app's client: what it seeds counts as just read, under the app's freshness rules.
    const queryClient = createQueryClient();
    seedQueries(queryClient, { newsItem: newsItem({ _id: '7', title: 'Aviso servido', content: 'Texto servido' }) }, null);
    withClient(
      queryClient,
      '/news/7',
      <Routes>
        <Route path="/news/:id" element={<NewsDetailPage />} />
      </Routes>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Aviso servido' })).toBeInTheDocument();
    expect(screen.getByText('Texto servido')).toBeInTheDocument();
    expect(askedFor(fetch)).not.toContain('/api/news/news-cards');
    expect(askedFor(fetch)).not.toContain('/api/news/news-cards/7');
  });

  it('shows the first page of /news from the served page, and reads the next only when asked', async () => {
    const fetch = mockFetch({ '/api/news/news-cards': () => jsonResponse([newsItem({ _id: '1', title: 'Siguiente' })]) });
    const queryClient = createQueryClient();
    const first = Array.from({ length: NEWS_PAGE_SIZE }, (_, i) => newsItem({ _id: String(100 - i), title: `Servida ${100 - i}` }));
    seedQueries(queryClient, { news: first }, null);
    withClient(
      queryClient,
      '/news',
      <Routes>
        <Route path="/news" element={<NewsPage />} />
      </Routes>,
    );
    expect(await screen.findByRole('link', { name: 'Servida 100' })).toBeInTheDocument();
    expect(askedFor(fetch)).not.toContain('/api/news/news-cards');
    await userEvent.click(screen.getByRole('button', { name: MORE_NEWS_TEXT }));
    expect(await screen.findByRole('link', { name: 'Siguiente' })).toBeInTheDocument();
    const next = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://portal')).find((url) => url.pathname === '/api/news/news-cards');
    expect(next?.searchParams.get('before')).toBe(String(100 - NEWS_PAGE_SIZE + 1));
  });

  it("signs the member in from the served profile of the token's own session, without reading it first", async () => {
    const token = tokenOf('sesion-1');
    localStorage.setItem(TOKEN_KEY, token);
    const server = mockProfileServer(profile({ username: 'otra' }));
    // The app's client: what it seeds counts as just read, under the app's freshness rules.
    const queryClient = createQueryClient();
    seedQueries(queryClient, { session: { id: 'sesion-1', profile: profile({ username: 'servida' }) } }, token);
    withClient(queryClient, '/', <NavBar />);
    expect(await screen.findByRole('button', { name: /^Menú de usuario/ })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? '{}')).toMatchObject({ username: 'servida' });
    expect(server.reads()).toBe(0);
  });

  it("ignores a profile served for another session and reads the token's own", async () => {
    const token = tokenOf('sesion-2');
    localStorage.setItem(TOKEN_KEY, token);
    const server = mockProfileServer(profile({ username: 'propia' }));
    // The app's client: what it seeds counts as just read, under the app's freshness rules.
    const queryClient = createQueryClient();
    seedQueries(queryClient, { session: { id: 'otra-sesion', profile: profile({ username: 'ajena' }) } }, token);
    withClient(queryClient, '/', <NavBar />);
    expect(await screen.findByRole('button', { name: /^Menú de usuario/ })).toBeInTheDocument();
    expect(server.reads()).toBe(1);
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? '{}')).toMatchObject({ username: 'propia' });
  });
});
