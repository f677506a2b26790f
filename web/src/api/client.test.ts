import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/fixtures';
import { ApiError, IDEMPOTENCY_HEADER, NETWORK_ERROR_MESSAGE, TOKEN_KEY, apiFetch, apiFetchBlob, apiFetchFile, dispositionFilename, setUnauthorizedHandler } from './client';

function stubFetch(response: () => Response | Promise<Response>) {
  const fn = vi.fn<typeof fetch>(async () => response());
  vi.stubGlobal('fetch', fn);
  return fn;
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected a rejection');
}

describe('apiFetch', () => {
  let unregister: (() => void) | undefined;
  afterEach(() => unregister?.());

  it('sends the stored bearer token and a JSON body, and parses the answer', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    const fetch = stubFetch(() => jsonResponse({ ok: true }));
    const data = await apiFetch<{ ok: boolean }>('/api/x', { method: 'POST', body: { a: 1 } });
    expect(data).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/x');
    expect(headers.get('Authorization')).toBe('Bearer abc');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends an Idempotency-Key only when asked', async () => {
    const fetch = stubFetch(() => jsonResponse({ ok: true }, 201));
    await apiFetch('/api/x', { method: 'POST', body: { a: 1 }, idempotencyKey: 'clave-1' });
    await apiFetch('/api/x', { method: 'POST', body: new FormData(), idempotencyKey: 'clave-2' });
    await apiFetch('/api/x', { method: 'POST', body: { a: 1 } });
    const keys = fetch.mock.calls.map(([, init]) => new Headers(init?.headers).get(IDEMPOTENCY_HEADER));
    expect(IDEMPOTENCY_HEADER).toBe('Idempotency-Key');
    expect(keys).toEqual(['clave-1', 'clave-2', null]);
  });

  it('sends no Authorization header without a token', async () => {
    const fetch = stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiFetch('/api/x')).resolves.toBeUndefined();
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it("throws the server's message", async () => {
    stubFetch(() => jsonResponse({ message: 'El título es obligatorio' }, 400));
    const err = await caught(apiFetch('/api/x', { errorMessage: 'Error al crear la noticia' }));
    expect(err.message).toBe('El título es obligatorio');
    expect(err.status).toBe(400);
    expect(err.fromServer).toBe(true);
  });

  it("falls back to the caller's message when the answer has none", async () => {
    stubFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    const err = await caught(apiFetch('/api/x', { errorMessage: 'Error al cargar las noticias' }));
    expect(err.message).toBe('Error al cargar las noticias');
    expect(err.status).toBe(502);
    expect(err.fromServer).toBe(false);
  });

  it("says 'Error de conexión' when the network fails", async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const err = await caught(apiFetch('/api/x', { errorMessage: 'otro' }));
    expect(err.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(err.isNetworkError).toBe(true);
  });

  it('runs the logout handler on 401 unless told not to', async () => {
    const handler = vi.fn();
    unregister = setUnauthorizedHandler(handler);
    stubFetch(() => jsonResponse({ message: 'No autorizado' }, 401));
    await caught(apiFetch('/api/x'));
    expect(handler).toHaveBeenCalledTimes(1);
    await caught(apiFetch('/api/x', { handleUnauthorized: false }));
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('does not run the handler on 403', async () => {
    const handler = vi.fn();
    unregister = setUnauthorizedHandler(handler);
    stubFetch(() => jsonResponse({ message: 'Prohibido' }, 403));
    expect((await caught(apiFetch('/api/x'))).message).toBe('Prohibido');
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('apiFetchBlob', () => {
  it('downloads a file with the stored bearer token', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    const fetch = stubFetch(() => new Response('<html>transcripción</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const blob = await apiFetchBlob('/api/tickets/7/transcript');
    expect(await blob.text()).toBe('<html>transcripción</html>');
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer abc');
  });

  it("throws the server's message, or the caller's", async () => {
    stubFetch(() => jsonResponse({ message: 'Ticket no encontrado.' }, 404));
    expect((await caught(apiFetchBlob('/api/x', { errorMessage: 'Error al cargar el archivo' }))).message).toBe('Ticket no encontrado.');
    stubFetch(() => new Response('', { status: 500 }));
    expect((await caught(apiFetchBlob('/api/x', { errorMessage: 'Error al cargar el archivo' }))).message).toBe('Error al cargar el archivo');
  });
});

describe('dispositionFilename', () => {
  it('reads the encoded name first, then the plain one', () => {
    expect(dispositionFilename("attachment; filename*=UTF-8''expediente-Halc%C3%B3n.pdf")).toBe('expediente-Halcón.pdf');
    expect(dispositionFilename('attachment; filename="expediente.pdf"')).toBe('expediente.pdf');
    expect(dispositionFilename('attachment; filename=expediente.pdf')).toBe('expediente.pdf');
    expect(dispositionFilename('attachment')).toBeNull();
    expect(dispositionFilename(null)).toBeNull();
  });
});

describe('apiFetchFile', () => {
  it('answers the file and the name the server suggests', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    stubFetch(
      () =>
        new Response('%PDF-1.4', {
          status: 200,
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': "attachment; filename*=UTF-8''expediente-Halcon_MX.pdf" },
        }),
    );
    const { blob, filename } = await apiFetchFile('/api/records/pdf?robloxUsername=Halcon_MX');
    expect(await blob.text()).toBe('%PDF-1.4');
    expect(filename).toBe('expediente-Halcon_MX.pdf');
  });
});
