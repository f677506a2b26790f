import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEventServer } from '../test/liveStream';
import type { LiveStatus } from './connection';
import { LIVE_LOCK, startSharedLive } from './shared';
import type { SseFrame } from './sse';

/** Web Locks as a browser gives them: one holder per name, the others queued in order. */
class FakeLocks {
  private held = false;
  private queue: (() => void)[] = [];
  readonly names: string[] = [];

  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void> | undefined): Promise<void> {
    this.names.push(name);
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        this.held = true;
        void Promise.resolve(callback()).finally(() => {
          this.held = false;
          resolve();
          this.queue.shift()?.();
        });
      };
      if (!this.held) {
        grant();
        return;
      }
      this.queue.push(grant);
      options.signal?.addEventListener('abort', () => {
        this.queue = this.queue.filter((waiting) => waiting !== grant);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  }
}

interface Tab {
  frames: SseFrame[];
  status: () => LiveStatus | undefined;
  close: () => void;
}

const stops: (() => void)[] = [];

function openTab(token = 'tok'): Tab {
  const frames: SseFrame[] = [];
  const statuses: LiveStatus[] = [];
  const close = startSharedLive({
    token,
    onFrame: (frame) => frames.push(frame),
    onStatus: (status) => statuses.push(status),
    onUnauthorized: () => undefined,
  });
  stops.push(close);
  return { frames, status: () => statuses.at(-1), close };
}

function withLocks() {
  const locks = new FakeLocks();
  Object.defineProperty(navigator, 'locks', { configurable: true, value: locks });
  const server = fakeEventServer();
  vi.stubGlobal('fetch', server.fetch);
  return { locks, server };
}

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  Reflect.deleteProperty(navigator, 'locks');
});

describe('startSharedLive', () => {
  it('keeps one stream for the tabs of a browser and relays its frames and state', async () => {
    const { locks, server } = withLocks();
    const first = openTab();
    const second = openTab();
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    expect(locks.names).toEqual([LIVE_LOCK, LIVE_LOCK]);
    expect(second.status()).toBe('connecting');

    server.last().frame('ready', { position: '4' });
    server.last().frame('ticket.created', { ticketId: '42' }, '5');
    await vi.waitFor(() => expect(second.frames.map((frame) => frame.event)).toEqual(['ready', 'ticket.created']));
    expect(first.frames).toEqual(second.frames);
    expect(first.status()).toBe('live');
    expect(second.status()).toBe('live');

    // A tab opened later asks for the state instead of waiting for the next change.
    const third = openTab();
    await vi.waitFor(() => expect(third.status()).toBe('live'));
    expect(server.requests).toHaveLength(1);
  });

  it('hands the stream to another tab when the one holding it closes, resuming from the last id', async () => {
    const { server } = withLocks();
    const first = openTab();
    const second = openTab();
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    server.last().frame('ready', { position: '4' });
    server.last().frame('ticket.updated', { ticketId: '42', status: 'closed' }, '9');
    await vi.waitFor(() => expect(second.frames).toHaveLength(2));

    first.close();
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    expect(server.requests[0]?.aborted()).toBe(true);
    expect(server.last().headers.get('Last-Event-ID')).toBe('9');
    server.last().frame('ready', { position: '9' });
    await vi.waitFor(() => expect(second.status()).toBe('live'));
  });

  it('does not pass one session frames to a tab signed in with another', async () => {
    const { server } = withLocks();
    openTab('tok');
    const other = openTab('otro');
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    server.last().frame('ready', { position: '1' });
    server.last().frame('news.published', { newsId: '5' }, '2');
    const witness = openTab('tok');
    await vi.waitFor(() => expect(witness.status()).toBe('live'));
    expect(other.frames).toEqual([]);
    expect(other.status()).toBe('connecting');
  });

  it('opens a stream per tab where the browser has no Web Locks', async () => {
    const server = fakeEventServer();
    vi.stubGlobal('fetch', server.fetch);
    openTab();
    openTab();
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
  });
});
