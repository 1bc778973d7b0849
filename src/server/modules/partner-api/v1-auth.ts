import { BlockList } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { commonErrorCodes, partnerApiErrorCodes, type ErrorCode } from '@shared/error-codes';
import { parseIpRange } from '@shared/partner-api/ip-range';
import type { ApiKeyScope } from '@shared/partner-api/partner-api.contracts';
import { AppError } from '../../errors';
import { hitRateLimit } from '../rate-limit/rate-limit.service';
import { hashApiKey, isWellFormedApiKey } from './api-key-format';
import { findPartnerApiCaller } from '../orders/projections/partner-api-caller.projection';
import { getPartnerApiSettings } from './partner-api.service';
import { countBadKey } from './v1-bad-key-throttle';

// Who is calling /api/v1: an API key in `Authorization: Bearer`, and nothing else (no cookie,
// no session). Checked in order: present, well formed (no lookup), known, live, partner active,
// address allowed, scope held, then the key's rate limit (issue 14, decision 043).

export type ApiCaller = {
  keyId: string;
  keyPrefix: string;
  partnerId: string;
  partnerName: string;
  scopes: ApiKeyScope[];
  /** When and from where the key was last used, as read before this request. */
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
};

// Module augmentation needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope an /api/v1 route needs; routes without one (the OpenAPI document) are open. */
    apiScope?: ApiKeyScope;
  }
  interface FastifyRequest {
    /** The /api/v1 caller, once its key has been checked. */
    apiCaller: ApiCaller | null;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

const unauthorized = (code: ErrorCode, message: string) => new AppError(401, code, message);

/** `::ffff:1.2.3.4` (IPv4 seen through an IPv6 socket) → `1.2.3.4`. */
function plainAddress(ip: string) {
  return ip.startsWith('::ffff:') && parseIpRange(ip.slice(7))?.family === 4 ? ip.slice(7) : ip;
}

/** Whether `ip` lies in one of the ranges (an empty list allows every address). */
export function addressAllowed(ip: string, ranges: string[]): boolean {
  if (ranges.length === 0) return true;
  const address = plainAddress(ip);
  const parsed = parseIpRange(address);
  if (!parsed) return false;
  const list = new BlockList();
  for (const text of ranges) {
    const range = parseIpRange(text);
    if (!range) continue;
    const type = range.family === 4 ? 'ipv4' : 'ipv6';
    list.addSubnet(range.address, range.bits, type);
  }
  return list.check(address, parsed.family === 4 ? 'ipv4' : 'ipv6');
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : '';
}

async function authenticate(app: FastifyInstance, request: FastifyRequest) {
  const token = bearerToken(request);
  if (token === null) {
    throw unauthorized(
      partnerApiErrorCodes.apiKeyMissing,
      'Send your API key as `Authorization: Bearer <key>`',
    );
  }
  if (!isWellFormedApiKey(token)) {
    throw unauthorized(partnerApiErrorCodes.apiKeyMalformed, 'This is not an Uplink API key');
  }
  const db = app.deps.database.db;
  const key = await findPartnerApiCaller(db, hashApiKey(token));
  if (!key) throw unauthorized(partnerApiErrorCodes.apiKeyUnknown, 'Unknown API key');
  if (key.revokedAt)
    throw unauthorized(partnerApiErrorCodes.apiKeyRevoked, 'This API key was revoked');
  if (!key.partnerActive) {
    throw new AppError(
      403,
      partnerApiErrorCodes.partnerInactive,
      'Your partner account is not active',
    );
  }
  request.apiCaller = {
    keyId: key.id,
    keyPrefix: key.prefix,
    partnerId: key.partnerId,
    partnerName: key.partnerName,
    scopes: key.scopes,
    lastUsedAt: key.lastUsedAt,
    lastUsedIp: key.lastUsedIp,
  };
  if (!addressAllowed(request.ip, key.allowedCidrs)) {
    throw new AppError(
      403,
      partnerApiErrorCodes.apiKeyAddressNotAllowed,
      `This API key may not be used from ${plainAddress(request.ip)}`,
    );
  }
  const needed = request.routeOptions.config.apiScope!;
  if (!key.scopes.includes(needed)) {
    throw new AppError(
      403,
      partnerApiErrorCodes.apiKeyScopeMissing,
      `This API key lacks the ${needed} scope`,
    );
  }
}

async function limit(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: { header: (n: string, v: string) => unknown },
) {
  const caller = request.apiCaller!;
  const db = app.deps.database.db;
  const { rateLimitPerMinute } = await getPartnerApiSettings(db);
  const result = await hitRateLimit(db, {
    key: `partner-api|${caller.keyId}`,
    windowMs: 60_000,
    max: rateLimitPerMinute,
  });
  const resetSeconds = Math.max(1, Math.ceil(result.resetInMs / 1000));
  reply.header('ratelimit-limit', String(rateLimitPerMinute));
  reply.header('ratelimit-remaining', String(result.remaining));
  reply.header('ratelimit-reset', String(resetSeconds));
  if (!result.allowed) {
    reply.header('retry-after', String(resetSeconds));
    throw new AppError(
      429,
      commonErrorCodes.rateLimited,
      `This API key may make ${rateLimitPerMinute} requests a minute; retry in ${resetSeconds} s`,
    );
  }
}

/** The onRequest hook of the /api/v1 scope. */
export function useApiKeyAuth(app: FastifyInstance) {
  if (!app.hasRequestDecorator('apiCaller')) app.decorateRequest('apiCaller', null);
  app.addHook('onRequest', async (request, reply) => {
    request.apiCaller = null;
    if (!request.routeOptions.config.apiScope) return;
    try {
      await authenticate(app, request);
    } catch (error) {
      // A refusal for the key itself (401) counts against the address (issue 18).
      if (error instanceof AppError && error.statusCode === 401) {
        throw await countBadKey(app.deps.database, request, reply, error);
      }
      throw error;
    }
    await limit(app, request, reply);
  });
}
