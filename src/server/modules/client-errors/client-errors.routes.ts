import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientErrorLimits,
  clientErrorReport,
  clientErrorsPath,
} from '@shared/client-errors/client-errors.contracts';

/** A page that keeps throwing reports each time; more than this a minute per address is noise. */
export const clientErrorRateLimit = { max: 10, timeWindow: '1 minute' } as const;

/**
 * Decision 057: the web's error boundaries report a page that threw. Public (a customer's link
 * page may throw too), small and rate-limited per address; the report goes to the log at warn
 * with the request id, and nowhere else.
 */
export const clientErrorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    clientErrorsPath.replace(/^\/api/, ''),
    {
      bodyLimit: clientErrorLimits.body,
      config: { public: true, rateLimit: clientErrorRateLimit },
      schema: { body: clientErrorReport, response: { 204: z.null() } },
    },
    async (request, reply) => {
      request.log.warn(
        { clientError: request.body, userId: request.user?.id ?? null },
        'a page in the browser threw',
      );
      return reply.status(204).send(null);
    },
  );
};
