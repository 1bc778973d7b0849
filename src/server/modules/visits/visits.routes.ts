import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { visitListQuery, visitListResponse } from '@shared/orders/visits.contracts';
import { viewerOf } from '../orders/orders.service';
import { listVisits } from './visits.service';

/** Visits: back office all, a contractor its company's, an engineer only their own. */
export const visitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/visits',
    {
      config: { roles: ['back_office', 'contractor', 'engineer'] as const },
      schema: { querystring: visitListQuery, response: { 200: visitListResponse } },
    },
    async (request) => ({
      items: await listVisits(app.deps.database.db, viewerOf(request.user!), request.query),
    }),
  );
};
