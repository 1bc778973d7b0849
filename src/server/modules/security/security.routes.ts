import { and, eq, isNull, or, gt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockedIps } from '../../db/schema/blocked-ips';
import { notFound } from '../../errors';
import { auditActions, auditContext, recordAudit } from '../audit/audit.service';
import { forgetBlockList, listBlockedIps } from './blocked-ips.service';

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
      const db = app.deps.database.db;
      const now = new Date();
      const [row] = await db
        .update(blockedIps)
        .set({ expiresAt: now })
        .where(
          and(
            eq(blockedIps.id, request.params.id),
            or(isNull(blockedIps.expiresAt), gt(blockedIps.expiresAt, now)),
          ),
        )
        .returning();
      if (!row) throw notFound('Blocked address not found');
      forgetBlockList(app.deps.database);
      await recordAudit(db, {
        ...auditContext(request),
        action: auditActions.ipUnblocked,
        targetType: 'ip',
        targetId: row.ip,
        details: { blockId: row.id, reason: row.reason },
      });
      return { message: `${row.ip} is no longer blocked` };
    },
  );
};
