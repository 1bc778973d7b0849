import { idempotencyErrorCodes, idempotencyKeyHeader } from '@shared/idempotency';
import { createRequestKeys, type SendOutcome } from './request-keys';

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

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Decision 057: one memory of recent changes per page, so a repeat carries the same key. */
const requestKeys = createRequestKeys();
/** How often a send waits for the first run of its key to finish (409 in progress). */
const maxInProgressWaits = 10;
const maxRetryAfterSeconds = 5;

/** Did the server answer with "the first request with this key is still running"? */
async function isStillRunning(res: Response): Promise<boolean> {
  if (res.status !== 409) return false;
  return (await res.clone().text()).includes(idempotencyErrorCodes.inProgress);
}

/**
 * The server keeps any answer below 500 except 408 and 429 (decision 019); for those and for
 * a 5xx it may or may not have made the change, so the retry must carry the same key.
 */
function outcomeOf(res: Response): SendOutcome {
  if (res.status >= 500 || res.status === 408 || res.status === 429) return 'unknown';
  return res.status >= 400 ? 'refused' : 'done';
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one change with its Idempotency-Key. While the first request with the key is still
 * running (a double submit), waits as the server asks and sends again with the same key, so
 * that every submit gets the first one's answer.
 */
async function sendKeyed(url: string, init: RequestInit): Promise<[Response, SendOutcome]> {
  for (let attempt = 0; ; attempt += 1) {
    const res = await fetch(url, init);
    const running = await isStillRunning(res);
    if (!running) return [res, outcomeOf(res)];
    // Still running after every wait: its outcome is unknown, the user's retry keeps the key.
    if (attempt >= maxInProgressWaits) return [res, 'unknown'];
    const retryAfter = Number(res.headers.get('retry-after') ?? 1);
    const seconds = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : 1;
    await wait(Math.min(seconds, maxRetryAfterSeconds) * 1000);
  }
}

/**
 * Sends a request; answers the raw Response once it is known to be a success. Every
 * state-changing call carries an Idempotency-Key (decision 057): a new one for a new action,
 * the same one for a repeat of the request just sent (`request-keys.ts`).
 */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const headers: Record<string, string> =
    data !== undefined ? { 'Content-Type': 'application/json' } : {};
  const body = data !== undefined ? JSON.stringify(data) : undefined;
  if (!stateChanging.has(method.toUpperCase())) {
    const res = await fetch(url, { method, headers, body, credentials: 'include' });
    await throwIfResNotOk(res);
    return res;
  }
  const send = requestKeys.begin(method, url, body);
  headers[idempotencyKeyHeader] = send.key;
  let answer: [Response, SendOutcome];
  try {
    answer = await sendKeyed(url, { method, headers, body, credentials: 'include' });
  } catch (error) {
    // No answer: the change may have been made; the retry reuses the key.
    send.settle('unknown');
    throw error;
  }
  const [res, outcome] = answer;
  send.settle(outcome);
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
export async function sendJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
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
