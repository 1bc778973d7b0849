import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponse } from '@shared/dashboard/dashboard.contracts';
import { viewerOf } from '../orders/orders.service';
import { dashboard } from './dashboard.service';

/** The back-office dashboard, from live data. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      config: { roles: ['back_office'] as const },
      schema: { response: { 200: dashboardResponse } },
    },
    async (request) => dashboard(app.deps.database.db, viewerOf(request.user!)),
  );
};
