import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../api/client';
import { legislativeKeys, useInitiatives } from '../api/legislative';
import { CONVERSATION_REFRESH_INTERVAL, UNREAD_REFRESH_INTERVAL, ticketKeys, useTicket, useUnreadTickets } from '../api/tickets';
import type { Ticket } from '../api/types';
import { AuthProvider } from '../auth/AuthProvider';
import { useAuth } from '../auth/useAuth';
import { jsonResponse, mockFetch, profile } from '../test/fixtures';
import { fakeEventServer } from '../test/liveStream';
import { LocationProbe, testQueryClient } from '../test/render';
import { ticket, ticketMessage } from '../test/tickets';
import { LiveProvider } from './LiveProvider';
import { useLiveStatus } from './status';

function signedInServer(handlers: Parameters<typeof mockFetch>[0] = {}) {
  localStorage.setItem(TOKEN_KEY, 'tok');
  const rest = mockFetch({ '/api/auth/profile': () => jsonResponse(profile()), ...handlers });
  const server = fakeEventServer(rest);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

function Status() {
  const { logout } = useAuth();
  return (
    <>
      <output data-testid="live">{useLiveStatus()}</output>
      <button onClick={logout}>Salir</button>
    </>
  );
}

function Tree({ client, children }: { client: QueryClient; children?: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/support']}>
        <AuthProvider>
          <LiveProvider>
            <Status />
            {children}
            <LocationProbe />
          </LiveProvider>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const status = () => screen.getByTestId('live').textContent;

async function goLive(server: ReturnType<typeof fakeEventServer>) {
  await waitFor(() => expect(server.requests).toHaveLength(1));
  expect(status()).toBe('connecting');
  act(() => server.last().frame('ready', { position: '1' }));
  await waitFor(() => expect(status()).toBe('live'));
}

describe('LiveProvider', () => {
  it('puts a new message into the cached conversation once, and reads the lists and counts again', async () => {
    const server = signedInServer();
    const client = testQueryClient();
    client.setQueryData(ticketKeys.detail('7'), ticket());
    client.setQueryData(ticketKeys.unread, { count: 0 });
    render(<Tree client={client} />);
    await goLive(server);
    expect(server.last().headers.get('Authorization')).toBe('Bearer tok');

    const reply = ticketMessage({ senderType: 'staff', senderName: 'soporte', senderId: '9', content: 'Ya quedó.', createdAt: '2025-03-03T19:00:00Z' });
    act(() => server.last().frame('ticket.message', { ticketId: '7', message: reply }, '2'));
    await waitFor(() => expect(client.getQueryData<Ticket>(ticketKeys.detail('7'))?.messages).toHaveLength(2));
    expect(client.getQueryData<Ticket>(ticketKeys.detail('7'))?.messages?.at(-1)).toEqual(reply);
    await waitFor(() => expect(client.getQueryState(ticketKeys.unread)?.isInvalidated).toBe(true));

    // The same message again (a replay, or the member's own write) is not shown twice.
    act(() => server.last().frame('ticket.message', { ticketId: '7', message: reply }, '3'));
    act(() => server.last().frame('ticket.message', { ticketId: '8', message: reply }, '4'));
    act(() => server.last().frame('something.new', { x: 1 }, '5'));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(client.getQueryData<Ticket>(ticketKeys.detail('7'))?.messages).toHaveLength(2);
    expect(client.getQueryData(ticketKeys.detail('8'))).toBeUndefined();
  });

  it('reads the open conversation again before the unread count, which that read changes', async () => {
    const reply = ticketMessage({ senderType: 'staff', senderId: '9', content: 'Ya quedó.', createdAt: '2025-03-03T19:00:00Z' });
    const order: string[] = [];
    let detailReads = 0;
    const server = signedInServer({
      '/api/tickets/7': async () => {
        detailReads++;
        const messages = detailReads === 1 ? [ticketMessage()] : [ticketMessage(), reply];
        // A slow read: the unread count must still wait for it.
        await new Promise((resolve) => setTimeout(resolve, 50));
        order.push('detail');
        return jsonResponse({ ticket: ticket({ messages }) });
      },
      '/api/tickets/unread': () => {
        order.push('unread');
        return jsonResponse({ count: 0 });
      },
    });
    const client = testQueryClient();
    function Conversation() {
      const detail = useTicket('7');
      useUnreadTickets(true);
      return <p>{detail.data?.messages?.length ?? 0} mensajes</p>;
    }
    render(
      <Tree client={client}>
        <Conversation />
      </Tree>,
    );
    await screen.findByText('1 mensajes');
    await goLive(server);
    await waitFor(() => expect(client.isFetching()).toBe(0));
    order.length = 0;

    act(() => server.last().frame('ticket.message', { ticketId: '7', message: reply }, '2'));
    await screen.findByText('2 mensajes');
    await waitFor(() => expect(order).toContain('unread'));
    expect(order[0]).toBe('detail');
  });

  it('polls only while the stream is down', async () => {
    const server = signedInServer();
    const client = testQueryClient();
    const { result } = renderHook(
      () => {
        useTicket('7');
        useUnreadTickets(true);
        useInitiatives('Congreso');
        return useLiveStatus();
      },
      { wrapper: ({ children }) => <Tree client={client}>{children}</Tree> },
    );
    const interval = (key: readonly unknown[]) => client.getQueryCache().find({ queryKey: key })?.observers[0]?.options.refetchInterval;

    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(interval(ticketKeys.unread)).toBe(UNREAD_REFRESH_INTERVAL);
    act(() => server.last().frame('ready', { position: '1' }));
    await waitFor(() => expect(result.current).toBe('live'));
    expect(interval(ticketKeys.unread)).toBe(false);
    expect(interval(ticketKeys.detail('7'))).toBe(false);
    expect(interval(legislativeKeys.initiatives('Congreso'))).toBe(false);

    act(() => server.last().close());
    await waitFor(() => expect(result.current).toBe('down'));
    expect(interval(ticketKeys.unread)).toBe(UNREAD_REFRESH_INTERVAL);
    expect(interval(ticketKeys.detail('7'))).toBe(CONVERSATION_REFRESH_INTERVAL);
  });

  it('folds the other events into the cache', async () => {
    const server = signedInServer();
    const client = testQueryClient();
    const seed = (key: readonly unknown[]) => client.setQueryData(key, { seeded: true });
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    render(<Tree client={client} />);
    await goLive(server);
    for (const key of [['staff', 'on-shift'], legislativeKeys.initiative(7), ['news', 'public'], ticketKeys.detail('9'), ticketKeys.detail('11'), ticketKeys.stats, ['config']]) seed(key);

    act(() => server.last().frame('shift.started', { discordId: '1', username: 'mod', server: 'Principal', startedAt: '2025-03-03T19:00:00Z' }, '2'));
    await waitFor(() => expect(stale(['staff', 'on-shift'])).toBe(true));
    expect(stale(legislativeKeys.initiative(7))).toBe(false);

    act(() => server.last().frame('initiative.voted', { initiativeId: '7', body: 'congreso' }, '3'));
    act(() => server.last().frame('news.published', { newsId: '5' }, '4'));
    act(() => server.last().frame('ticket.updated', { ticketId: '9', status: 'closed' }, '5'));
    await waitFor(() => expect(stale(ticketKeys.detail('9'))).toBe(true));
    expect(stale(legislativeKeys.initiative(7))).toBe(true);
    expect(stale(['news', 'public'])).toBe(true);
    expect(stale(ticketKeys.stats)).toBe(true);
    expect(stale(['config'])).toBe(false);

    // A staff note (only staff's streams carry one) reads its ticket again.
    act(() => server.last().frame('ticket.note', { ticketId: '11', note: { authorName: 'soporte', content: 'interna' } }, '6'));
    await waitFor(() => expect(stale(ticketKeys.detail('11'))).toBe(true));

    act(() => server.last().frame('refetch', {}));
    await waitFor(() => expect(stale(['config'])).toBe(true));
  });

  it('signs the tab out when the stream refuses the session, and stops the stream on sign-out', async () => {
    const server = signedInServer();
    server.refuseNext(401);
    const refused = render(<Tree client={testQueryClient()} />);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(status()).toBe('down');
    refused.unmount();

    const again = signedInServer();
    render(<Tree client={testQueryClient()} />);
    await goLive(again);
    act(() => screen.getByRole('button', { name: 'Salir' }).click());
    await waitFor(() => expect(again.last().aborted()).toBe(true));
    expect(status()).toBe('down');
  });

  it('reads the profile again when the rights change or the session ends', async () => {
    let answer = () => jsonResponse(profile());
    let reads = 0;
    const server = signedInServer({
      '/api/auth/profile': () => {
        reads++;
        return answer();
      },
    });
    render(<Tree client={testQueryClient()} />);
    await goLive(server);
    const before = reads;
    act(() => server.last().frame('access', {}));
    await waitFor(() => expect(reads).toBe(before + 1));

    answer = () => jsonResponse({ message: 'Sesión terminada' }, 401);
    act(() => server.last().frame('ended', {}));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(server.requests).toHaveLength(1);
  });
});
