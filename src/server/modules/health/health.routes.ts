import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkReadiness } from './health.service';

const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready', 'draining']),
  checks: z.object({ database: z.boolean(), migrations: z.boolean(), seed: z.boolean() }),
});

/**
 * Liveness (/healthz) and readiness (/readyz). Both answer 503 while the server drains before
 * it stops (SIGTERM, decision 084), so a proxy or orchestrator sends it no new work.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { public: true },
      schema: {
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('draining') }),
        },
      },
    },
    async (_request, reply) =>
      app.deps.state.draining
        ? reply.status(503).send({ status: 'draining' as const })
        : reply.send({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { public: true },
      schema: { response: { 200: readinessSchema, 503: readinessSchema } },
    },
    async (_request, reply) => {
      const checks = await checkReadiness(app.deps);
      const ready = checks.database && checks.migrations && checks.seed;
      const status = app.deps.state.draining ? 'draining' : ready ? 'ready' : 'not_ready';
      return reply.status(status === 'ready' ? 200 : 503).send({ status, checks });
    },
  );
};
