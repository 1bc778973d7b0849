import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authErrorCodes } from '@shared/auth/auth.contracts';
import { isIpBlocked } from '../modules/security/blocked-ips.service';

/**
 * Issue 3: an address on the blocked list gets 403 for every request, pages and API alike; the
 * list is read from the database each time, so a block made on one server holds on all at once.
 * The client address honours X-Forwarded-For only when TRUST_PROXY is set (Fastify trustProxy).
 */
export const ipBlockPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/healthz' || request.url === '/readyz') return;
    if (await isIpBlocked(app.deps.database, request.ip)) {
      // The partner API answers RFC 9457 problem details (issue 14).
      if (request.url.startsWith('/api/v1/')) {
        return reply.status(403).type('application/problem+json').send({
          type: 'urn:uplink:problem:ip-blocked',
          title: 'Forbidden',
          status: 403,
          detail: 'Access from your network address is blocked.',
          code: authErrorCodes.ipBlocked,
        });
      }
      return reply.status(403).send({
        message: 'Access from your network address is temporarily blocked.',
        code: authErrorCodes.ipBlocked,
      });
    }
  });
});
