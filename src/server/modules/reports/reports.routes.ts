import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contractorReport as contractorReportSchema,
  contractorReportQuery,
  partnerReport as partnerReportSchema,
  partnerReportQuery,
  reportPaths,
} from '@shared/reports/reports.contracts';
import { contractorReportCsv, partnerReportCsv } from './report-figures.service';
import { contractorReport, partnerReport } from './reports.service';

const api = (path: string) => path.replace(/^\/api/, '');

// Issue 22: /admin/contractor-reports and /admin/sbpm-reports read these; back office only.
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const config = { roles: ['back_office'] as const };
  const csv = (name: string, start: string, end: string) => ({
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}-${start}-to-${end}.csv"`,
  });

  app.get(
    api(reportPaths.contractors),
    {
      config,
      schema: { querystring: contractorReportQuery, response: { 200: contractorReportSchema } },
    },
    async (request) => contractorReport(db(), request.query),
  );

  app.get(
    api(reportPaths.contractorsCsv),
    { config, schema: { querystring: contractorReportQuery } },
    async (request, reply) => {
      const report = await contractorReport(db(), request.query);
      return reply
        .headers(csv('contractor-report', report.periodStart, report.periodEnd))
        .send(contractorReportCsv(report));
    },
  );

  app.get(
    api(reportPaths.partners),
    { config, schema: { querystring: partnerReportQuery, response: { 200: partnerReportSchema } } },
    async (request) => partnerReport(db(), request.query),
  );

  app.get(
    api(reportPaths.partnersCsv),
    { config, schema: { querystring: partnerReportQuery } },
    async (request, reply) => {
      const report = await partnerReport(db(), request.query);
      return reply
        .headers(csv('partner-report', report.periodStart, report.periodEnd))
        .send(partnerReportCsv(report));
    },
  );
};
