import type { FastifyReply, FastifyRequest } from 'fastify';
import { authErrorCodes, commonErrorCodes } from '@shared/error-codes';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../errors';
import { auditContext } from '../audit/audit.service';
import { hitRateLimit } from '../rate-limit/rate-limit.service';
import { blockIpAutomatically, normaliseIp } from '../security/blocked-ips.service';

// Issue 18: requests refused for their key (missing, malformed, unknown, revoked) are counted per
// client address in the database (shared by every server, decision 022). Past a few a minute the
// address gets 429 with Retry-After instead of 401; an address that keeps on is blocked for an
// hour on the blocked-IPs list, as the sign-in rule does. A valid key is never counted, so a
// partner sharing an address with a noisy client is refused only once the address is blocked.

/** Refusals for a key one address may earn a minute before it is answered 429. */
export const badKeyLimitPerMinute = 10;
/** Refusals within `badKeyBlockWindowMs` that put the address on the blocked list. */
export const badKeyBlockThreshold = 50;
export const badKeyBlockWindowMs = 15 * 60_000;
export const badKeyBlockDurationMs = 60 * 60_000;

/**
 * Counts one request refused for its key and answers the error to send: the refusal itself
 * (401), 429 once the address is over its minute's allowance, or 403 when this request has
 * put the address on the blocked list.
 */
export async function countBadKey(
  database: DatabaseHandle,
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: AppError,
): Promise<AppError> {
  const ip = normaliseIp(request.ip);
  const [minute, quarter] = await Promise.all([
    hitRateLimit(database.db, {
      key: `partner-api-bad-key|${ip}`,
      windowMs: 60_000,
      max: badKeyLimitPerMinute,
    }),
    hitRateLimit(database.db, {
      key: `partner-api-bad-key-block|${ip}`,
      windowMs: badKeyBlockWindowMs,
      max: badKeyBlockThreshold - 1,
    }),
  ]);
  if (!quarter.allowed) {
    await blockIpAutomatically(database, {
      ip,
      reason: `${badKeyBlockThreshold} partner API requests with a missing or invalid key within 15 minutes`,
      durationMs: badKeyBlockDurationMs,
      context: auditContext(request),
    });
    return new AppError(
      403,
      authErrorCodes.ipBlocked,
      'Access from your network address is blocked: too many requests with an invalid API key.',
    );
  }
  if (minute.allowed) return refusal;
  const retryAfter = Math.max(1, Math.ceil(minute.resetInMs / 1000));
  reply.header('retry-after', String(retryAfter));
  return new AppError(
    429,
    commonErrorCodes.rateLimited,
    `Too many requests with a missing or invalid API key from ${ip}; retry in ${retryAfter} s`,
  );
}
