import type { FastifyInstance } from 'fastify';
import { normaliseIp } from '../security/blocked-ips.service';
import { countKeylessRequest, insertRequestLog, touchApiKey } from './partner-api.repository';
import type { ApiCaller } from './v1-auth';

// Issue 14: every /api/v1 request is logged (time, partner, key prefix, method, path, status,
// duration, address), after the answer has gone, so logging never slows or fails a call. The
// key itself is never written anywhere: only its prefix. Requests without a valid key share one
// row per address and minute (issue 18), so a flood of bad keys writes a row a minute, not one
// per request.

const maxPathLength = 500;
/** A key's last use is kept to the minute: a busy key is not rewritten on every request. */
const lastUsedPrecisionMs = 60_000;

/** The aggregated row of an address's keyless requests in the minute of `now`. */
export function keylessRowKey(ip: string, now: Date): string {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  return `keyless|${normaliseIp(ip)}|${minute.toISOString()}`;
}

/** Whether the key's last use, as read when the request came in, needs writing again. */
export function lastUseIsStale(caller: ApiCaller, ip: string, now: Date): boolean {
  return (
    caller.lastUsedAt === null ||
    caller.lastUsedIp !== ip ||
    now.getTime() - caller.lastUsedAt.getTime() >= lastUsedPrecisionMs
  );
}

export function useRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const caller = request.apiCaller;
    const db = app.deps.database.db;
    const now = new Date();
    try {
      // The key first: once the request is in the log, its key's last use is written too.
      if (caller && lastUseIsStale(caller, request.ip, now)) {
        await touchApiKey(db, caller.keyId, request.ip, now);
      }
      const row = {
        at: now,
        partnerId: caller?.partnerId ?? null,
        apiKeyId: caller?.keyId ?? null,
        keyPrefix: caller?.keyPrefix ?? null,
        method: request.method,
        path: request.url.slice(0, maxPathLength),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
        ip: request.ip,
        requestId: request.id,
        errorCode: request.problemCode,
      };
      if (caller) await insertRequestLog(db, row);
      else await countKeylessRequest(db, { ...row, aggregateKey: keylessRowKey(request.ip, now) });
    } catch (error) {
      request.log.error({ err: error }, 'could not log the partner API request');
    }
  });
}
