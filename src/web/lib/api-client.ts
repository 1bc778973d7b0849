import { idempotencyKeyHeader } from '@shared/idempotency';

// spec §7: every request carries cookies, bodies are JSON, and any non-success answer
// becomes an Error whose message is "{status}: {text}".

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** The JSON error body the server sends (`{ message, code, details }`), when there is one. */
  get payload(): { message?: string; code?: string; details?: Record<string, string[]> } | null {
    try {
      const parsed: unknown = JSON.parse(this.body);
      return parsed && typeof parsed === 'object' ? (parsed as HttpError['payload']) : null;
    } catch {
      return null;
    }
  }
}

async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new HttpError(res.status, text, `${res.status}: ${text}`);
}

export type RequestOptions = {
  /**
   * A client-made id (1 to 255 printable characters, a UUID is usual) sent as `Idempotency-Key`:
   * the server answers a repeat of the same request with the first answer instead of acting
   * twice (decision 019). Reuse it only to retry the very same request.
   */
  idempotencyKey?: string;
};

/** Sends a request; answers the raw Response once it is known to be a success. */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> =
    data !== undefined ? { 'Content-Type': 'application/json' } : {};
  if (options.idempotencyKey !== undefined) headers[idempotencyKeyHeader] = options.idempotencyKey;
  const res = await fetch(url, {
    method,
    headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** Reads a success answer as JSON, or fails with the spec's message for anything else. */
export async function readJson<T>(res: Response): Promise<T> {
  const contentType = res.headers.get('content-type') ?? '';
  if (!contentType.includes('application/json')) {
    const text = await res.text();
    throw new Error(`Expected JSON response but received: ${text}`);
  }
  return (await res.json()) as T;
}

export async function getJson<T>(url: string): Promise<T> {
  return readJson<T>(await apiRequest('GET', url));
}

/**
 * Sends a change and reads its JSON answer. A success with no body (204, or an empty 200)
 * resolves to null: a change may answer nothing, e.g. an order action after which the caller
 * can no longer see the order (a contractor's decline). Type such calls as `T | null`.
 */
export async function sendJson<T>(
  method: string,
  url: string,
  data?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const res = await apiRequest(method, url, data, options);
  if (res.status === 204 || res.status === 205) return null as T;
  const text = await res.text();
  if (text === '') return null as T;
  const contentType = res.headers.get('content-type') ?? '';
  if (!contentType.includes('application/json')) {
    throw new Error(`Expected JSON response but received: ${text}`);
  }
  return JSON.parse(text) as T;
}

/** The default query's URL: the query key's parts joined with slashes. */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  return queryKey.join('/');
}

/** Error codes the server puts in its JSON error body, for branching without reading text. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof HttpError ? error.payload?.code : undefined;
}

/** The server's own message for an error, for toasts; falls back when there is none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError) return error.payload?.message ?? fallback;
  return fallback;
}
