import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEventServer } from '../test/liveStream';
import { LiveConnection, MAX_BACKOFF, SILENCE_LIMIT, backoffDelay, type LiveStatus } from './connection';
import type { SseFrame } from './sse';

/** Lets the stream's reads and the connection's promises run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

function connect(server: ReturnType<typeof fakeEventServer>, lastEventId: string | null = null) {
  vi.stubGlobal('fetch', server.fetch);
  const frames: SseFrame[] = [];
  const statuses: LiveStatus[] = [];
  const onUnauthorized = vi.fn();
  const connection = new LiveConnection({
    token: 'tok',
    lastEventId,
    onFrame: (frame) => frames.push(frame),
    onStatus: (status) => statuses.push(status),
    onUnauthorized,
    random: () => 1,
  });
  connection.start();
  return { connection, frames, statuses, onUnauthorized };
}

describe('backoffDelay', () => {
  it('doubles from 1 s to 30 s, taken between half and all of it', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((failures) => backoffDelay(failures, () => 1))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(backoffDelay(1, () => 0)).toBe(500);
    expect(backoffDelay(40, () => 0)).toBe(MAX_BACKOFF / 2);
  });
});

describe('LiveConnection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the token, goes live on ready and hands over every frame', async () => {
    const server = fakeEventServer();
    const { connection, frames, statuses } = connect(server);
    await settle();
    expect(server.last().headers.get('Authorization')).toBe('Bearer tok');
    expect(server.last().headers.get('Last-Event-ID')).toBeNull();
    // Behind the page's own requests on a slow link.
    expect(server.last().priority).toBe('low');
    expect(statuses).toEqual(['connecting']);

    server.last().frame('ticket.created', { ticketId: '42' }, '10');
    server.last().frame('ready', { position: '10' });
    await settle();
    expect(statuses).toEqual(['connecting', 'live']);
    expect(frames.map((frame) => frame.event)).toEqual(['ticket.created', 'ready']);
    expect(connection.lastEventId).toBe('10');
    connection.stop();
  });

  it('reconnects with backoff and resumes from the last id it saw', async () => {
    const server = fakeEventServer();
    const { connection, statuses } = connect(server, '3');
    await settle();
    expect(server.last().headers.get('Last-Event-ID')).toBe('3');
    server.last().frame('ready', { position: '3' });
    server.last().frame('ticket.updated', { ticketId: '42', status: 'closed' }, '5');
    await settle();
    server.last().close();
    await settle();
    expect(statuses.at(-1)).toBe('down');

    await vi.advanceTimersByTimeAsync(999);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(2);
    expect(server.last().headers.get('Last-Event-ID')).toBe('5');

    // Failing again before ready waits twice as long.
    server.last().close();
    await settle();
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(3);

    server.last().frame('ready', { position: '5' });
    await settle();
    expect(statuses.at(-1)).toBe('live');
    connection.stop();
  });

  it('treats 45 s without a byte as a dead connection, heartbeats keeping it alive', async () => {
    const server = fakeEventServer();
    const { connection } = connect(server);
    await settle();
    server.last().frame('ready', { position: '1' });
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT - 1);
    server.last().send(': ping\n\n');
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT - 1);
    expect(server.requests).toHaveLength(1);
    expect(server.last().aborted()).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(server.last().aborted()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.requests).toHaveLength(2);
    connection.stop();
  });

  it('stops for good when the session ends', async () => {
    const server = fakeEventServer();
    const { frames, statuses } = connect(server);
    await settle();
    server.last().frame('ready', { position: '1' });
    server.last().frame('ended', {});
    await settle();
    server.last().close();
    await vi.advanceTimersByTimeAsync(5 * MAX_BACKOFF);
    expect(server.requests).toHaveLength(1);
    expect(frames.at(-1)?.event).toBe('ended');
    expect(statuses.at(-1)).toBe('down');
  });

  it('stops on 401 and reports the refused session', async () => {
    const server = fakeEventServer();
    server.refuseNext(401);
    const { onUnauthorized, statuses } = connect(server);
    await vi.advanceTimersByTimeAsync(5 * MAX_BACKOFF);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(['connecting', 'down']);
  });

  it('retries other refusals', async () => {
    const server = fakeEventServer();
    server.refuseNext(503);
    const { connection, onUnauthorized } = connect(server);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(server.requests).toHaveLength(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
    connection.stop();
  });
});
