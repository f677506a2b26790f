import { LiveConnection, type LiveStatus } from './connection';
import type { SseFrame } from './sse';

/** The Web Lock whose holder keeps the browser's one stream, and the channel it relays on. */
export const LIVE_LOCK = 'zocalo-live';
export const LIVE_CHANNEL = 'zocalo-live';

/**
 * What the tab holding the stream tells the others. `session` is the token the stream was
 * opened with: a tab signed in with another token ignores what it cannot see as.
 */
type Relay =
  | { type: 'frame'; session: string; frame: SseFrame }
  | { type: 'status'; session: string; status: LiveStatus }
  | { type: 'hello'; session: string };

export interface SharedLiveOptions {
  token: string;
  /** Every frame, whether this tab holds the stream or hears it relayed. */
  onFrame: (frame: SseFrame) => void;
  onStatus: (status: LiveStatus) => void;
  onUnauthorized: () => void;
}

function lockManager(): LockManager | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

/**
 * Follows the live stream for this tab and returns the function that stops it. HTTP/1.1
 * allows six connections per host, so the tabs of one browser share one stream: the tab
 * holding the Web Lock opens it and relays its frames on a BroadcastChannel; when that tab
 * closes, the lock passes to another, which resumes from the last position it heard.
 * Without Web Locks or BroadcastChannel each tab opens its own.
 */
export function startSharedLive(options: SharedLiveOptions): () => void {
  const locks = lockManager();
  if (!locks || typeof BroadcastChannel === 'undefined') {
    const connection = new LiveConnection(options);
    connection.start();
    return () => connection.stop();
  }

  const session = options.token;
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  const post = (message: Relay) => channel.postMessage(message);
  let stopped = false;
  let leader: LiveConnection | null = null;
  let leaderStatus: LiveStatus = 'connecting';
  let lastEventId: string | null = null;
  let release: (() => void) | null = null;

  channel.onmessage = (event: MessageEvent<Relay>) => {
    const message = event.data;
    if (stopped || !message || message.session !== session) return;
    if (leader) {
      if (message.type === 'hello') post({ type: 'status', session, status: leaderStatus });
      return;
    }
    if (message.type === 'frame') {
      if (message.frame.id !== undefined) lastEventId = message.frame.id;
      options.onFrame(message.frame);
    } else if (message.type === 'status') {
      options.onStatus(message.status);
    }
  };
  options.onStatus('connecting');
  post({ type: 'hello', session });

  const waiting = new AbortController();
  locks
    .request(LIVE_LOCK, { signal: waiting.signal }, () => {
      if (stopped) return undefined;
      return new Promise<void>((resolve) => {
        release = resolve;
        leader = new LiveConnection({
          token: options.token,
          lastEventId,
          onFrame: (frame) => {
            options.onFrame(frame);
            post({ type: 'frame', session, frame });
          },
          onStatus: (status) => {
            leaderStatus = status;
            options.onStatus(status);
            post({ type: 'status', session, status });
          },
          onUnauthorized: options.onUnauthorized,
        });
        leader.start();
      });
    })
    .catch(() => undefined); // Stopped while waiting for the lock.

  return () => {
    if (stopped) return;
    stopped = true;
    waiting.abort();
    if (leader) {
      leader.stop();
      // The others poll until one of them has taken over.
      post({ type: 'status', session, status: 'connecting' });
    }
    release?.();
    channel.close();
  };
}
