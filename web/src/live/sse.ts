/** One server-sent event. `id` is present only when the frame carried an `id:` field. */
export interface SseFrame {
  id?: string;
  event: string;
  data: string;
}

/**
 * Splits a server-sent event stream into frames, as the HTML standard's event stream
 * interpretation does: lines end in LF, CR or CRLF (a CRLF may be split between two chunks),
 * `:` starts a comment, `data` lines join with LF, a blank line ends the frame and a frame
 * without data is dropped. `retry` is ignored: reconnection follows the portal's own backoff.
 */
export class SseParser {
  private buffer = '';
  /** The previous chunk ended in CR, so an LF opening the next one belongs to it. */
  private afterCR = false;
  private event = '';
  private data: string[] = [];
  private id: string | undefined;

  constructor(private readonly onFrame: (frame: SseFrame) => void) {}

  push(chunk: string): void {
    let text = chunk;
    if (this.afterCR && text.startsWith('\n')) text = text.slice(1);
    this.afterCR = false;
    this.buffer += text;
    let start = 0;
    for (;;) {
      const end = this.lineEnd(start);
      if (end < 0) break;
      this.line(this.buffer.slice(start, end));
      if (this.buffer[end] === '\r') {
        if (end + 1 === this.buffer.length) {
          this.afterCR = true;
          start = end + 1;
          break;
        }
        start = this.buffer[end + 1] === '\n' ? end + 2 : end + 1;
      } else {
        start = end + 1;
      }
    }
    this.buffer = this.buffer.slice(start);
  }

  private lineEnd(from: number): number {
    for (let i = from; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c === '\n' || c === '\r') return i;
    }
    return -1;
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.event = value;
        break;
      case 'data':
        this.data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.id = value;
        break;
      default:
        // retry and unknown fields: ignored.
        break;
    }
  }

  private dispatch(): void {
    const { event, data, id } = this;
    this.event = '';
    this.data = [];
    this.id = undefined;
    if (data.length === 0) return;
    this.onFrame({ ...(id !== undefined ? { id } : {}), event: event || 'message', data: data.join('\n') });
  }
}

/**
 * Reads a byte stream of server-sent events to its end, calling `onFrame` for each frame and
 * `onBytes` for every chunk (heartbeat comments included, which carry no frame).
 */
export async function readSse(
  body: ReadableStream<Uint8Array>,
  onFrame: (frame: SseFrame) => void,
  onBytes: () => void = () => undefined,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser(onFrame);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onBytes();
      parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}
