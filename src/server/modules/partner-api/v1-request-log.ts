import type { FastifyInstance } from 'fastify';
import { insertRequestLog, touchApiKey } from './partner-api.repository';

// Issue 14: every /api/v1 request is logged (time, partner, key prefix, method, path, status,
// duration, address), after the answer has gone, so logging never slows or fails a call. The
// key itself is never written anywhere: only its prefix.

const maxPathLength = 500;

export function useRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const caller = request.apiCaller;
    const db = app.deps.database.db;
    const now = new Date();
    try {
      await insertRequestLog(db, {
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
      });
      if (caller) await touchApiKey(db, caller.keyId, request.ip, now);
    } catch (error) {
      request.log.error({ err: error }, 'could not log the partner API request');
    }
  });
}
