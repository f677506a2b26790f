import { vi } from 'vitest';

/** One request to /api/events as the fake server saw it, and the means to answer on it. */
export interface StreamRequest {
  headers: Headers;
  /** The fetch priority the request asked for. */
  priority: RequestPriority | undefined;
  /** Sends raw text on the stream. */
  send: (text: string) => void;
  /** Sends one frame. */
  frame: (event: string, data: unknown, id?: string) => void;
  /** Ends the stream as a server closing the connection would. */
  close: () => void;
  aborted: () => boolean;
}

/**
 * Answers GET /api/events with a stream the test writes to (other paths as `fallback` does);
 * `status` answers without a stream (401, 500).
 */
export function fakeEventServer(fallback: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> = async () => new Response(null, { status: 404 })) {
  const requests: StreamRequest[] = [];
  const refusals: number[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith('/api/events')) return fallback(input, init);
    const status = refusals.shift();
    if (status !== undefined) return { status, ok: false, body: null } as unknown as Response;
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let closed = false;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const signal = init?.signal;
    signal?.addEventListener('abort', () => {
      if (closed) return;
      closed = true;
      controller.error(new DOMException('The operation was aborted.', 'AbortError'));
    });
    const send = (text: string) => {
      if (!closed) controller.enqueue(encoder.encode(text));
    };
    requests.push({
      headers: new Headers(init?.headers),
      priority: init?.priority,
      send,
      frame: (event, data, id) => send(`${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
      close: () => {
        if (closed) return;
        closed = true;
        controller.close();
      },
      aborted: () => signal?.aborted ?? false,
    });
    return { status: 200, ok: true, body, headers: new Headers({ 'Content-Type': 'text/event-stream' }) } as unknown as Response;
  });
  return {
    fetch,
    requests,
    /** The next request to the stream is answered with this status and no stream. */
    refuseNext: (status: number) => refusals.push(status),
    last: (): StreamRequest => {
      const request = requests.at(-1);
      if (!request) throw new Error('no request to /api/events yet');
      return request;
    },
  };
}
