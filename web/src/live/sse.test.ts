import { describe, expect, it } from 'vitest';
import { SseParser, readSse, type SseFrame } from './sse';

function parseChunks(chunks: string[]): SseFrame[] {
  const frames: SseFrame[] = [];
  const parser = new SseParser((frame) => frames.push(frame));
  for (const chunk of chunks) parser.push(chunk);
  return frames;
}

const stream = 'id: 7\nevent: ticket.created\ndata: {"ticketId":"42"}\n\n: ping\n\nevent: ready\ndata: {"position":"7"}\n\n';

describe('SseParser', () => {
  it('reads frames with and without an id, skipping comments', () => {
    expect(parseChunks([stream])).toEqual([
      { id: '7', event: 'ticket.created', data: '{"ticketId":"42"}' },
      { event: 'ready', data: '{"position":"7"}' },
    ]);
  });

  it('gives the same frames whatever the chunks are split at', () => {
    const whole = parseChunks([stream]);
    for (let cut = 1; cut < stream.length; cut++) {
      expect(parseChunks([stream.slice(0, cut), stream.slice(cut)])).toEqual(whole);
    }
    expect(parseChunks([...stream])).toEqual(whole);
  });

  it('accepts CRLF and CR line ends, a CRLF split across chunks included', () => {
    const crlf = stream.replaceAll('\n', '\r\n');
    const expected = parseChunks([stream]);
    expect(parseChunks([crlf])).toEqual(expected);
    expect(parseChunks([stream.replaceAll('\n', '\r')])).toEqual(expected);
    for (let cut = 1; cut < crlf.length; cut++) {
      expect(parseChunks([crlf.slice(0, cut), crlf.slice(cut)])).toEqual(expected);
    }
  });

  it('joins data lines with a line feed and keeps the space after the first', () => {
    expect(parseChunks(['data: one\ndata:two\ndata:  three\ndata\n\n'])).toEqual([{ event: 'message', data: 'one\ntwo\n three\n' }]);
  });

  it('drops frames without data and fields it does not know, and waits for the blank line', () => {
    expect(parseChunks(['event: ready\n\nretry: 10\nfoo: bar\nid: 3\n\n', 'event: x\ndata: pending\n'])).toEqual([]);
  });

  it('does not carry an id or event name into the next frame', () => {
    expect(parseChunks(['id: 1\nevent: a\ndata: x\n\ndata: y\n\n'])).toEqual([
      { id: '1', event: 'a', data: 'x' },
      { event: 'message', data: 'y' },
    ]);
  });
});

describe('readSse', () => {
  it('decodes characters split between chunks and reports every chunk', async () => {
    const bytes = new TextEncoder().encode('event: news.published\ndata: {"title":"Año"}\n\n: ping\n\n');
    const cut = bytes.indexOf(0xc3) + 1; // inside "ñ"
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    const frames: SseFrame[] = [];
    let chunks = 0;
    await readSse(body, (frame) => frames.push(frame), () => chunks++);
    expect(frames).toEqual([{ event: 'news.published', data: '{"title":"Año"}' }]);
    expect(chunks).toBe(2);
  });
});
