import { createHash, randomUUID } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import {
  idempotencyErrorCodes,
  idempotencyKeyPattern,
  idempotentReplayedHeader,
} from '@shared/idempotency';
import type { IdempotencyKeyRow } from './idempotency.schema';
import { commonErrorCodes } from '@shared/error-codes';
import { AppError } from '../errors';
import { maxJsonDepth } from './json-body';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyKey,
  purgeExpiredIdempotencyKeys,
  releaseIdempotencyKey,
  type IdempotencyOwner,
  type StoredResponse,
} from './idempotency.repository';
import type { Database } from '../db/client';

/** The run of a request that owns its key, set by the claim and read when the answer is sent. */
export type IdempotencyClaim = { owner: IdempotencyOwner; key: string; runId: string };

// Module augmentation needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdempotencyClaim | null;
  }
  interface FastifyContextConfig {
    /** The answer holds a secret shown once (a new API key): never stored for a replay. */
    secretAnswer?: boolean;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answers worth replaying need these; never Set-Cookie (a replay must not hand out a session). */
const replayedHeaders = ['content-type', 'content-disposition', 'location'];
/** Client errors that mean "try again later" rather than "this request is wrong": not stored. */
const transientClientErrors = new Set([408, 429]);
/** Expired keys are purged at most this often per process, on the next keyed request. */
const purgeIntervalMs = 10 * 60 * 1000;

/**
 * JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. Bodies arrive at
 * most `maxJsonDepth` deep (plugins/json-body.ts); the depth guard keeps the recursion bounded
 * whatever the caller hands in.
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (depth > maxJsonDepth) {
    throw new AppError(
      400,
      commonErrorCodes.bodyTooDeep,
      `The JSON body is nested more than ${maxJsonDepth} levels deep`,
    );
  }
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalJson(item, depth + 1)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, item]) => `${JSON.stringify(k)}:${canonicalJson(item, depth + 1)}`).join(',')}}`;
}

/** sha256 over method, path (with query) and the body as parsed. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  const hash = createHash('sha256').update(`${method}\n${url}\n`);
  if (body === undefined) hash.update('none');
  else if (Buffer.isBuffer(body)) hash.update('bytes:').update(body);
  else if (typeof body === 'string') hash.update('text:').update(body);
  else hash.update('json:').update(canonicalJson(body));
  return hash.digest('hex');
}

function parseKey(header: string | string[]): string {
  if (typeof header === 'string' && idempotencyKeyPattern.test(header)) return header;
  throw new AppError(
    400,
    idempotencyErrorCodes.invalidKey,
    'The Idempotency-Key header must be 1 to 255 printable ASCII characters',
  );
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function storedResponse(reply: FastifyReply, payload: unknown): StoredResponse | null {
  const headers: Record<string, string> = {};
  for (const name of replayedHeaders) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  const status = reply.statusCode;
  if (payload === undefined || payload === null || payload === '')
    return { status, headers, body: null, encoding: null };
  if (typeof payload === 'string') return { status, headers, body: payload, encoding: 'utf8' };
  if (Buffer.isBuffer(payload))
    return { status, headers, body: payload.toString('base64'), encoding: 'base64' };
  return null; // a stream: cannot be kept, so the key is released
}

function replay(reply: FastifyReply, row: IdempotencyKeyRow) {
  reply.code(row.responseStatus!);
  for (const [name, value] of Object.entries(row.responseHeaders ?? {})) reply.header(name, value);
  reply.header(idempotentReplayedHeader, 'true');
  if (row.responseBody === null) return reply.send();
  return reply.send(
    row.responseBodyEncoding === 'base64'
      ? Buffer.from(row.responseBody, 'base64')
      : row.responseBody,
  );
}

export type IdempotencyRules = {
  /** Whose key space the request's key goes in; null runs the request as if no key was sent. */
  ownerOf: (request: FastifyRequest) => IdempotencyOwner | null;
  /** Refuses a state-changing request without the header (the partner API's order creation). */
  required?: (request: FastifyRequest) => boolean;
  /** The answer to a missing required key. */
  missingKey?: () => Error;
};

/**
 * The claim (preValidation) and store (onSend) hooks of decision 019, for any key space: the
 * app's /api scope keys by signed-in user, /api/v1 by partner API key (decision 044).
 */
export function idempotencyHooks(getDb: () => Database, rules: IdempotencyRules) {
  let lastPurge = 0;

  async function purgeNowAndThen(request: FastifyRequest) {
    const now = Date.now();
    if (now - lastPurge < purgeIntervalMs) return;
    lastPurge = now;
    try {
      await purgeExpiredIdempotencyKeys(getDb());
    } catch (error) {
      request.log.error({ err: error }, 'could not purge expired idempotency keys');
    }
  }

  const claim: preValidationHookHandler = async function (request, reply) {
    const header = request.headers['idempotency-key'];
    // (A route may serve GET and POST alike: only the state-changing method counts.)
    if (!stateChanging.has(request.method)) return;
    if (header === undefined) {
      if (rules.required?.(request)) throw rules.missingKey!();
      return;
    }
    const key = parseKey(header);
    const owner = rules.ownerOf(request);
    if (!owner) return;
    await purgeNowAndThen(request);
    const fingerprint = requestFingerprint(request.method, request.url, request.body);
    const runId = randomUUID();
    // A row released (5xx) between our claim and our read is gone: claim again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const input = { owner, key, fingerprint, method: request.method, path: request.url, runId };
      if (await claimIdempotencyKey(getDb(), input)) {
        request.idempotency = { owner, key, runId };
        return;
      }
      const row = await findIdempotencyKey(getDb(), owner, key);
      if (!row) continue;
      if (row.fingerprint !== fingerprint) {
        throw new AppError(
          422,
          idempotencyErrorCodes.keyReused,
          'This Idempotency-Key was already used for a different request',
        );
      }
      if (row.status === 'running') break;
      return replay(reply, row);
    }
    // Usually the first run ends within moments; a client (the engineer app's outbox) retries.
    reply.header('retry-after', '1');
    throw new AppError(
      409,
      idempotencyErrorCodes.inProgress,
      'A request with this Idempotency-Key is still in progress; retry later',
    );
  };

  const store: onSendHookHandler = async function (request, reply, payload) {
    const run = request.idempotency;
    if (!run) return payload;
    request.idempotency = null;
    const status = reply.statusCode;
    const response = storedResponse(reply, payload);
    try {
      if (status >= 500 || transientClientErrors.has(status) || !response) {
        await releaseIdempotencyKey(getDb(), run);
      } else {
        await completeIdempotencyKey(getDb(), run, response);
      }
    } catch (error) {
      // The change itself is done; the row stays `running` and is taken over later.
      request.log.error({ err: error }, 'could not record the idempotent answer');
    }
    return payload;
  };

  return { claim, store };
}

/** Adds the claim and store hooks to every state-changing route registered after it. */
export function addIdempotencyToRoutes(
  app: FastifyInstance,
  hooks: ReturnType<typeof idempotencyHooks>,
) {
  if (!app.hasRequestDecorator('idempotency')) app.decorateRequest('idempotency', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!asArray(route.method).some((method) => stateChanging.has(method))) return;
    route.preValidation = [hooks.claim, ...asArray(route.preValidation)];
    route.onSend = [...asArray(route.onSend), hooks.store];
  });
}

/**
 * Issue 8 / decision 019: every POST, PUT, PATCH and DELETE route registered after this plugin
 * (the whole /api scope) accepts an `Idempotency-Key`. A signed-in user's first request with a
 * key runs and its answer is kept 24 hours; the same request again gets that answer back with
 * `Idempotent-Replayed: true` and writes nothing; another request with the key gets 422, and
 * one that arrives while the first is running gets 409. 5xx answers are not kept.
 *
 * The hooks are added to the state-changing routes only (onRoute), and return at once without
 * the header, so reads and unkeyed writes pay nothing.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  const hooks = idempotencyHooks(() => app.deps.database.db, {
    // Sign-in routes (public) set cookies a replay must not repeat; anonymous callers have no
    // scope to keep a key in; a secret shown once must not be kept in this table. All run as if
    // no key had been sent (decision 019).
    ownerOf: (request) =>
      request.routeOptions.config.public ||
      request.routeOptions.config.secretAnswer ||
      !request.user
        ? null
        : { userId: request.user.id },
  });
  addIdempotencyToRoutes(app, hooks);
});
