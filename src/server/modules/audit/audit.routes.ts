import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditChartsQuery,
  auditChartsResponse,
  auditExportQuery,
  auditListQuery,
  auditListResponse,
} from '@shared/audit/audit.contracts';
import { cursorCodec } from '../../db/keyset';
import { auditCharts, auditCsvLines, listAudit } from './audit-log.service';

const config = { roles: ['back_office' as const] };

/** The Security Audit screen's API (back office only): the log, its CSV and its charts. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const codec = cursorCodec(app.deps.config.SESSION_SECRET);

  app.get(
    '/audit',
    { config, schema: { querystring: auditListQuery, response: { 200: auditListResponse } } },
    async (request) => listAudit(db(), codec, request.query),
  );

  app.get(
    '/audit/export.csv',
    { config, schema: { querystring: auditExportQuery } },
    (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(auditCsvLines(db(), request.query)));
    },
  );

  app.get(
    '/audit/charts',
    { config, schema: { querystring: auditChartsQuery, response: { 200: auditChartsResponse } } },
    async (request) => auditCharts(db(), request.query),
  );
};
