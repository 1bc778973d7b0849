import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../audit/audit.service';
import { listBlockedIps, unblockIp } from './blocked-ips.service';

const blockedIpSchema = z.object({
  id: z.string(),
  ip: z.string(),
  reason: z.string(),
  source: z.enum(['automatic', 'manual']),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});

/** The /blocked-ips screen's API (back office): list the active blocks and lift one. */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/blocked-ips',
    {
      config: { roles: ['back_office'] },
      schema: {
        querystring: z.object({ includeExpired: z.enum(['true', 'false']).optional() }),
        response: { 200: z.object({ blockedIps: z.array(blockedIpSchema) }) },
      },
    },
    async (request) => {
      const rows = await listBlockedIps(app.deps.database.db, {
        includeExpired: request.query.includeExpired === 'true',
      });
      return {
        blockedIps: rows.map((row) => ({
          id: row.id,
          ip: row.ip,
          reason: row.reason,
          source: row.source,
          expiresAt: row.expiresAt?.toISOString() ?? null,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.delete(
    '/blocked-ips/:id',
    {
      config: { roles: ['back_office'] },
      schema: {
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const row = await unblockIp(app.deps.database, request.params.id, auditContext(request));
      return { message: `${row.ip} is no longer blocked` };
    },
  );
};
