import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { visitListQuery, visitListResponse } from '@shared/visits/visits.contracts';
import { viewerOf } from '../orders/orders.service';
import { listVisits } from './visits.service';
import { installationRoutes } from './installation.routes';
import { visitFilesRoutes } from './visit-files.routes';
import { visitStepsRoutes } from './visit-steps.routes';

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
  // Issue 13: the engineer app's steps, photo uploads and files, the record pages.
  await app.register(visitStepsRoutes);
  await app.register(visitFilesRoutes);
  await app.register(installationRoutes);
};
