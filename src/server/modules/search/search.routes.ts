import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuery, searchResponse } from '@shared/search/search.contracts';
import { viewerOf } from '../orders/orders.service';
import { searchForViewer } from './search.service';

/**
 * GET /api/search?q= (issue 25): the top bar's search for back office, contractors and
 * engineers, scoped on the server; customers have their own orders page and are refused.
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      config: { roles: ['back_office', 'contractor', 'engineer'] as const },
      schema: { querystring: searchQuery, response: { 200: searchResponse } },
    },
    async (request) =>
      searchForViewer(app.deps.database.db, viewerOf(request.user!), request.query.q),
  );
};
