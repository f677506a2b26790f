import { LIVE_CONTROL_FRAMES } from '../api/serverConstants.gen';
import { readSse, type SseFrame } from './sse';

export type LiveStatus = 'live' | 'connecting' | 'down';

export const EVENTS_PATH = '/api/events';
/** The first wait before reconnecting; it doubles after each failure up to MAX_BACKOFF. */
export const INITIAL_BACKOFF = 1_000;
export const MAX_BACKOFF = 30_000;
/** The server sends a heartbeat every 15 s: three missed ones mean the connection is dead. */
export const SILENCE_LIMIT = 45_000;

/**
 * The wait before reconnection attempt `failures` (1 for the first): 1 s doubling to 30 s,
 * each taken at random between half and all of it, so that the clients a server restart
 * dropped do not all come back in the same second.
 */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF, INITIAL_BACKOFF * 2 ** Math.max(0, failures - 1));
  return ceiling / 2 + (random() * ceiling) / 2;
}

export interface LiveConnectionOptions {
  token: string;
  /** The position to resume after, sent as Last-Event-ID. */
  lastEventId?: string | null;
  onFrame: (frame: SseFrame) => void;
  onStatus: (status: LiveStatus) => void;
  /** The server refused the token: the session is over, as a 401 on any other call says. */
  onUnauthorized: () => void;
  random?: () => number;
}

/**
 * One streaming GET /api/events with the session's token (EventSource cannot send a Bearer
 * header), reconnected with backoff and resumed from the last position seen. It stops for
 * good on `ended` or 401, or when stopped.
 */
export class LiveConnection {
  lastEventId: string | null;
  private status: LiveStatus | null = null;
  private stopped = false;
  private failures = 0;
  private controller: AbortController | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: LiveConnectionOptions) {
    this.lastEventId = options.lastEventId ?? null;
  }

  start(): void {
    this.setStatus('connecting');
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.silenceTimer);
    this.controller?.abort();
  }

  private setStatus(status: LiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus(status);
  }

  /** Restarts the silence countdown; when it runs out the request is aborted and retried. */
  private heard(controller: AbortController): void {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => controller.abort(), SILENCE_LIMIT);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const controller = new AbortController();
    this.controller = controller;
    const headers = new Headers({ Accept: 'text/event-stream', Authorization: `Bearer ${this.options.token}` });
    if (this.lastEventId !== null) headers.set('Last-Event-ID', this.lastEventId);
    this.heard(controller);
    try {
      // Low priority: the stream adds to a page already drawn, so on a slow phone it must not
      // take bandwidth from the page's own data. It also lets a page-load measurement see the
      // page as loaded while the stream stays open (Lighthouse waits for every request of high
      // priority to end, and a fetch is high by default; an EventSource it would ignore).
      const response = await fetch(EVENTS_PATH, { headers, signal: controller.signal, cache: 'no-store', priority: 'low' });
      if (response.status === 401) {
        this.finish();
        this.options.onUnauthorized();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
      await readSse(
        response.body,
        (frame) => this.frame(frame),
        () => this.heard(controller),
      );
    } catch {
      // A network error, an abort after silence or a refused answer: retried below.
    }
    clearTimeout(this.silenceTimer);
    if (this.stopped) return;
    this.failures++;
    this.setStatus('down');
    this.retryTimer = setTimeout(() => void this.connect(), backoffDelay(this.failures, this.options.random));
  }

  private frame(frame: SseFrame): void {
    if (this.stopped) return;
    if (frame.id !== undefined) this.lastEventId = frame.id;
    if (frame.event === LIVE_CONTROL_FRAMES.Ready) {
      this.failures = 0;
      this.setStatus('live');
    }
    this.options.onFrame(frame);
    if (frame.event === LIVE_CONTROL_FRAMES.Ended) this.finish();
  }

  /** The session is over: no reconnection with this token. */
  private finish(): void {
    this.stop();
    this.setStatus('down');
  }
}
