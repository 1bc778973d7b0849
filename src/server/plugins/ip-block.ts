import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authErrorCodes } from '@shared/auth/auth.contracts';
import { isPartnerApiUrl, problem, sendProblem } from './problem-details';
import { isIpBlocked } from '../modules/security/blocked-ips.service';

/**
 * Issue 3: an address on the blocked list gets 403 for every request, pages and API alike. The
 * list is the database's, held in memory and told of every change (decision 076), so a block
 * made on one server holds on all at once.
 * The client address honours X-Forwarded-For only when TRUST_PROXY is set (Fastify trustProxy).
 */
export const ipBlockPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/healthz' || request.url === '/readyz') return;
    if (await isIpBlocked(app.deps.database, request.ip)) {
      // The partner API answers RFC 9457 problem details (issue 14).
      if (isPartnerApiUrl(request.url)) {
        return sendProblem(
          reply,
          problem(403, authErrorCodes.ipBlocked, 'Access from your network address is blocked.', {
            instance: request.id,
          }),
        );
      }
      return reply.status(403).send({
        message: 'Access from your network address is temporarily blocked.',
        code: authErrorCodes.ipBlocked,
      });
    }
  });
});
