import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contractorDashboard as dashboardSchema,
  contractorReport as reportSchema,
  contractorReportQuery,
} from '@shared/contractor-portal/contractor-portal.contracts';
import { viewerOf } from '../orders/orders.service';
import {
  contractorDashboard,
  contractorReport,
  contractorReportCsv,
} from './contractor-portal.service';

// Issue 12: the contractor portal's own figures. Orders, their detail, CSV and actions are the
// orders module's routes, which already scope a contractor to its company and drop the price.
export const contractorPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const config = { roles: ['contractor'] as const };

  app.get(
    '/contractor-portal/dashboard',
    { config, schema: { response: { 200: dashboardSchema } } },
    async (request) => contractorDashboard(db(), viewerOf(request.user!)),
  );

  app.get(
    '/contractor-portal/reports',
    { config, schema: { querystring: contractorReportQuery, response: { 200: reportSchema } } },
    async (request) => contractorReport(db(), viewerOf(request.user!), request.query),
  );

  app.get(
    '/contractor-portal/reports/export.csv',
    { config, schema: { querystring: contractorReportQuery } },
    async (request, reply) => {
      const report = await contractorReport(db(), viewerOf(request.user!), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="contractor-report-${report.from}-to-${report.to}.csv"`,
        )
        .send(contractorReportCsv(report));
    },
  );
};
