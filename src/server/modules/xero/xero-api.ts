import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { decryptTokens, encryptTokens, tokenKey, type XeroTokens } from './xero-tokens';
import {
  findConnectionRow,
  lockConnectionRow,
  takeCallSlot,
  updateConnectionRow,
} from './xero.repository';

// Calls to Xero (issue 22, decision 078): a fresh access token (refreshed one at a time under the
// connection's row lock), `xero-tenant-id` on every accounting call, and Xero's limits per
// organisation (60 a minute, 5,000 a day) counted in the database before each call.

export type Deps = Pick<AppDeps, 'config' | 'database' | 'log' | 'queue'>;

export const xeroLimits = { perMinute: 60, perDay: 5000 } as const;
/** Refresh this long before the access token expires. */
const refreshMarginMs = 2 * 60_000;
const callTimeoutMs = 30_000;

export const xeroScopes =
  'offline_access accounting.transactions accounting.contacts accounting.settings.read';

/** Why a call could not be made or what Xero answered, for the document's next step. */
export class XeroProblem extends Error {
  constructor(
    readonly kind:
      | 'not_connected'
      | 'revoked'
      | 'limit'
      | 'rate_limited'
      | 'server'
      | 'network'
      | 'rejected',
    message: string,
    /** limit / rate_limited: not before then. */
    readonly retryAt?: Date,
  ) {
    super(message);
    this.name = 'XeroProblem';
  }
}

export type XeroCall = {
  method: 'GET' | 'POST' | 'PUT';
  /** `/api.xro/2.0/Invoices`, `/connections`, … */
  path: string;
  body?: unknown;
  idempotencyKey?: string;
};

export type XeroAnswer = { status: number; body: string; json: unknown; retryAfter: string | null };

/** What one call sent and got, for the sync log (no token in it). */
export type CallRecord = {
  method: string;
  path: string;
  requestBody: string | null;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
  startedAt: Date;
};

export const redirectUriOf = (deps: Pick<AppDeps, 'config'>) =>
  `${deps.config.PUBLIC_URL}/api/xero/callback`;

export const isConfigured = (deps: Pick<AppDeps, 'config'>) => Boolean(deps.config.XERO_CLIENT_ID);

function basicAuth(deps: Pick<AppDeps, 'config'>) {
  const { XERO_CLIENT_ID: id, XERO_CLIENT_SECRET: secret } = deps.config;
  return `Basic ${Buffer.from(`${id ?? ''}:${secret ?? ''}`).toString('base64')}`;
}

type TokenAnswer = { access_token: string; refresh_token: string; expires_in: number };

/** POSTs a form to Xero's identity server; the answer's body never reaches a log. */
async function identityPost(deps: Deps, url: string, form: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: basicAuth(deps),
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(callTimeoutMs),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // An empty or non-JSON answer (revocation answers 200 with no body).
  }
  return { status: response.status, json };
}

/** The authorization code for tokens (the callback). */
export async function exchangeCode(deps: Deps, code: string) {
  const answer = await identityPost(deps, deps.config.XERO_TOKEN_URL, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUriOf(deps),
  });
  if (answer.status !== 200 || typeof answer.json.access_token !== 'string') {
    throw new XeroProblem(
      'rejected',
      `Xero did not accept the sign-in (${String(answer.json.error ?? `HTTP ${answer.status}`)}).`,
    );
  }
  return answer.json as TokenAnswer;
}

/** Xero's revocation endpoint sits beside its token endpoint. */
export const revocationUrlOf = (tokenUrl: string) => tokenUrl.replace(/\/token$/, '/revocation');

export async function revokeRefreshToken(deps: Deps, refreshToken: string) {
  const answer = await identityPost(deps, revocationUrlOf(deps.config.XERO_TOKEN_URL), {
    token: refreshToken,
  });
  return answer.status === 200;
}

export function storedTokens(deps: Pick<AppDeps, 'config'>, tokens: XeroTokens) {
  return encryptTokens(tokenKey(deps.config), tokens);
}

export function readTokens(deps: Pick<AppDeps, 'config'>, stored: string) {
  return decryptTokens(tokenKey(deps.config), stored);
}

const expiresAtOf = (answer: TokenAnswer, now: Date) =>
  new Date(now.getTime() + Math.max(60, Number(answer.expires_in) || 1800) * 1000);

/**
 * An access token good for a while: the stored one, or a refreshed one. Refreshes are taken one
 * at a time under the connection's row lock: a second caller waits, then finds the new token
 * (never spends the rotated refresh token again). A refresh token refused outright marks the
 * connection revoked, for a person to connect again. `failed` is the access token Xero just
 * refused (401): refresh unless someone already has.
 */
export async function accessToken(
  deps: Deps,
  options: { now?: Date; failed?: string } = {},
): Promise<{ token: string; tenantId: string }> {
  const now = options.now ?? new Date();
  const db = deps.database.db;
  const quick = await findConnectionRow(db);
  if (!quick || quick.status === 'revoked') throw notConnected(quick?.problem);
  if (!options.failed && quick.accessExpiresAt.getTime() - refreshMarginMs > now.getTime()) {
    const tokens = readTokens(deps, quick.tokens);
    if (tokens && quick.tenantId) return { token: tokens.accessToken, tenantId: quick.tenantId };
  }
  const outcome = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const row = await lockConnectionRow(tx);
    if (!row || row.status === 'revoked') return { problem: notConnected(row?.problem) };
    const tokens = readTokens(deps, row.tokens);
    if (!tokens) {
      const problem = 'The stored Xero tokens cannot be read (the key changed); connect again.';
      await updateConnectionRow(tx, { status: 'revoked', problem });
      return { problem: new XeroProblem('revoked', problem) };
    }
    const fresh = row.accessExpiresAt.getTime() - refreshMarginMs > now.getTime();
    const replaced = options.failed !== undefined && tokens.accessToken !== options.failed;
    if ((fresh && !options.failed) || replaced) return { token: tokens.accessToken, row };
    let answer: Awaited<ReturnType<typeof identityPost>>;
    try {
      answer = await identityPost(deps, deps.config.XERO_TOKEN_URL, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken,
      });
    } catch (error) {
      return { problem: new XeroProblem('network', `Xero's token service: ${messageOf(error)}`) };
    }
    if (answer.status === 200 && typeof answer.json.access_token === 'string') {
      const next = answer.json as TokenAnswer;
      await updateConnectionRow(tx, {
        tokens: storedTokens(deps, {
          accessToken: next.access_token,
          refreshToken: next.refresh_token,
        }),
        accessExpiresAt: expiresAtOf(next, now),
        problem: null,
      });
      return { token: next.access_token, row };
    }
    if (answer.status === 400 || answer.status === 401) {
      const problem = `Xero refused to renew the connection (${String(answer.json.error ?? answer.status)}); connect again.`;
      await updateConnectionRow(tx, { status: 'revoked', problem });
      return { problem: new XeroProblem('revoked', problem) };
    }
    return {
      problem: new XeroProblem('server', `Xero's token service answered ${answer.status}.`),
    };
  });
  if ('problem' in outcome && outcome.problem) {
    if (outcome.problem.kind === 'revoked')
      deps.log.warn('the Xero connection needs connecting again');
    throw outcome.problem;
  }
  const { token, row } = outcome as { token: string; row: { tenantId: string | null } };
  // Connected, but no organisation chosen yet: not a revoked connection.
  if (!row.tenantId)
    throw new XeroProblem(
      'not_connected',
      'Choose the Xero organisation on the Xero settings page.',
    );
  return { token, tenantId: row.tenantId };
}

function notConnected(problem?: string | null) {
  return new XeroProblem(
    problem ? 'revoked' : 'not_connected',
    problem ?? 'Xero is not connected; connect it on the Xero settings page.',
  );
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function windows(now: Date) {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return {
    minute: { key: `m:${minute.toISOString()}`, end: new Date(minute.getTime() + 60_000) },
    day: { key: `d:${day.toISOString().slice(0, 10)}`, end: new Date(day.getTime() + 86_400_000) },
  };
}

/** Counts one call against the organisation's limits, or throws `limit` with when to try again. */
export async function takeSlot(deps: Deps, tenantId: string, now: Date) {
  const db = deps.database.db;
  const { minute, day } = windows(now);
  if (!(await takeCallSlot(db, tenantId, day.key, xeroLimits.perDay, day.end, now)))
    throw new XeroProblem('limit', 'Xero’s daily limit of 5,000 calls is used up.', day.end);
  if (!(await takeCallSlot(db, tenantId, minute.key, xeroLimits.perMinute, minute.end, now)))
    throw new XeroProblem('limit', 'Xero’s limit of 60 calls a minute is reached.', minute.end);
}

/**
 * One accounting call: a slot under the limits, the token, `xero-tenant-id`; a 401 refreshes
 * once and tries again. `record` receives each call made (for the sync log). Throws XeroProblem
 * for anything but a 2xx.
 */
export async function callXero(
  deps: Deps,
  call: XeroCall,
  options: { now?: Date; record?: (entry: CallRecord) => Promise<void> } = {},
): Promise<XeroAnswer> {
  const now = options.now ?? new Date();
  let auth = await accessToken(deps, { now });
  for (let attempt = 0; ; attempt += 1) {
    await takeSlot(deps, auth.tenantId, now);
    const answer = await send(deps, call, auth, options.record);
    if (answer.status === 401 && attempt === 0) {
      auth = await accessToken(deps, { now, failed: auth.token });
      continue;
    }
    if (answer.status >= 200 && answer.status < 300) return answer;
    throw problemOf(answer, now);
  }
}

async function send(
  deps: Deps,
  call: XeroCall,
  auth: { token: string; tenantId: string },
  record?: (entry: CallRecord) => Promise<void>,
): Promise<XeroAnswer> {
  const url = `${deps.config.XERO_API_BASE.replace(/\/$/, '')}${call.path}`;
  const requestBody = call.body === undefined ? null : JSON.stringify(call.body);
  const startedAt = new Date();
  const headers: Record<string, string> = {
    authorization: `Bearer ${auth.token}`,
    'xero-tenant-id': auth.tenantId,
    accept: 'application/json',
  };
  if (requestBody !== null) headers['content-type'] = 'application/json';
  if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
  try {
    const response = await fetch(url, {
      method: call.method,
      headers,
      body: requestBody,
      signal: AbortSignal.timeout(callTimeoutMs),
    });
    const body = await response.text();
    await record?.({
      method: call.method,
      path: call.path,
      requestBody,
      responseStatus: response.status,
      responseBody: body.slice(0, 4000),
      error: null,
      durationMs: Date.now() - startedAt.getTime(),
      startedAt,
    });
    let json: unknown = null;
    try {
      json = JSON.parse(body);
    } catch {
      // Not JSON: kept as text.
    }
    return { status: response.status, body, json, retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    await record?.({
      method: call.method,
      path: call.path,
      requestBody,
      responseStatus: null,
      responseBody: null,
      error: messageOf(error),
      durationMs: Date.now() - startedAt.getTime(),
      startedAt,
    });
    throw new XeroProblem('network', `Could not reach Xero: ${messageOf(error)}`);
  }
}

/** Xero's words for a refusal: its validation messages, or its title. */
export function xeroMessageOf(answer: XeroAnswer): string {
  const body = answer.json as {
    Message?: string;
    Detail?: string;
    Title?: string;
    Elements?: { ValidationErrors?: { Message?: string }[] }[];
  } | null;
  const validation = (body?.Elements ?? [])
    .flatMap((element) => element.ValidationErrors ?? [])
    .map((error) => error.Message)
    .filter(Boolean);
  if (validation.length > 0) return validation.join(' ');
  return body?.Detail ?? body?.Message ?? body?.Title ?? `HTTP ${answer.status}`;
}

function problemOf(answer: XeroAnswer, now: Date): XeroProblem {
  if (answer.status === 429) {
    const seconds = Number(answer.retryAfter);
    const wait = Number.isFinite(seconds) && seconds > 0 ? seconds : 60;
    return new XeroProblem(
      'rate_limited',
      `Xero asked us to wait ${wait} s (429).`,
      new Date(now.getTime() + wait * 1000),
    );
  }
  if (answer.status >= 500) return new XeroProblem('server', `Xero answered ${answer.status}.`);
  if (answer.status === 401 || answer.status === 403)
    return new XeroProblem(
      'revoked',
      `Xero refused the connection (${answer.status}); connect again.`,
    );
  return new XeroProblem('rejected', `Xero refused it: ${xeroMessageOf(answer)}`);
}
