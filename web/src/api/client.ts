export const TOKEN_KEY = 'token';
export const NETWORK_ERROR_MESSAGE = 'Error de conexión';

export class ApiError extends Error {
  readonly status: number;
  /** Whether the message is the server's own words rather than the caller's fallback. */
  readonly fromServer: boolean;

  constructor(message: string, status: number, fromServer = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fromServer = fromServer;
  }

  /** True when the request never got an HTTP answer. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** An answer whose shape the app cannot use; asking again would get the same answer. */
export class UnexpectedDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnexpectedDataError';
  }
}

type UnauthorizedHandler = () => void;

let unauthorizedHandler: UnauthorizedHandler | null = null;

/** Registers what runs when the server answers 401; returns a function that unregisters it. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

/** Runs what a 401 answer runs, for a refusal that came another way than apiFetch (the live stream). */
export function notifyUnauthorized(): void {
  unauthorizedHandler?.();
}

export interface ApiFetchOptions extends Omit<RequestInit, 'body'> {
  /** Shown when the server gives no message of its own. */
  errorMessage?: string;
  /** A JSON-serialisable body, or FormData sent as multipart. */
  body?: unknown;
  /** Whether a 401 answer runs the unauthorized handler (default true). */
  handleUnauthorized?: boolean;
  /** Overrides the stored token (null sends no Authorization header). */
  token?: string | null;
  /**
   * Names the submission a create belongs to: the server creates once per key and answers a
   * repeat with the first answer. See useCreateMutation for when a key is kept or renewed.
   */
  idempotencyKey?: string;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

const DEFAULT_ERROR = 'Ocurrió un error inesperado';

async function readMessage(response: Response): Promise<string | null> {
  try {
    const data: unknown = await response.json();
    if (data && typeof data === 'object' && 'message' in data) {
      const { message } = data as { message: unknown };
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
  } catch {
    // Not JSON: the caller's default message applies.
  }
  return null;
}

/** Sends a request with the stored bearer token; throws ApiError with the server's `message` unless it succeeds. */
async function send(path: string, options: ApiFetchOptions, accept: string): Promise<Response> {
  const { errorMessage = DEFAULT_ERROR, body, handleUnauthorized = true, token, idempotencyKey, headers, ...init } = options;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('Accept', accept);
  if (idempotencyKey !== undefined) requestHeaders.set(IDEMPOTENCY_HEADER, idempotencyKey);
  const bearer = token === undefined ? localStorage.getItem(TOKEN_KEY) : token;
  if (bearer) requestHeaders.set('Authorization', `Bearer ${bearer}`);

  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    requestBody = body;
  } else if (body !== undefined) {
    requestHeaders.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: requestHeaders, body: requestBody });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }

  if (!response.ok) {
    const serverMessage = await readMessage(response);
    if (response.status === 401 && handleUnauthorized && unauthorizedHandler) unauthorizedHandler();
    throw new ApiError(serverMessage ?? errorMessage, response.status, serverMessage !== null);
  }
  return response;
}

/**
 * Calls the portal API. Sends the stored bearer token, encodes a JSON body,
 * parses a JSON answer and throws ApiError with the server's `message` on failure.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  return readJson<T>(await send(path, options, 'application/json'), options);
}

/**
 * As apiFetch, with the answer's headers beside its body: for the answers that say something
 * in a header (a page's X-Total-Count).
 */
export async function apiFetchWithHeaders<T>(path: string, options: ApiFetchOptions = {}): Promise<{ data: T; headers: Headers }> {
  const response = await send(path, options, 'application/json');
  return { data: await readJson<T>(response, options), headers: response.headers };
}

/** A successful answer's JSON body; undefined when it has none. */
async function readJson<T>(response: Response, options: ApiFetchOptions): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(options.errorMessage ?? DEFAULT_ERROR, response.status);
  }
}

/** Downloads a file that needs the bearer token (an attachment, a transcript) as a Blob. */
export async function apiFetchBlob(path: string, options: Omit<ApiFetchOptions, 'body'> = {}): Promise<Blob> {
  const response = await send(path, options, '*/*');
  try {
    return await response.blob();
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
}

/** The file name a Content-Disposition header suggests (RFC 5987 `filename*` first), or null. */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A badly encoded name: the plain one below, if any.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || null;
}

/** Downloads a file that needs the bearer token, with the name the server suggests for it. */
export async function apiFetchFile(path: string, options: Omit<ApiFetchOptions, 'body'> = {}): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send(path, options, '*/*');
  try {
    return { blob: await response.blob(), filename: dispositionFilename(response.headers.get('Content-Disposition')) };
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
}

/**
 * Hands a downloaded file to the browser as a download. The portal's image policy refuses
 * blob: URLs for images, but an anchor's download is not an image load.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // The click has started the download; the URL may go once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
