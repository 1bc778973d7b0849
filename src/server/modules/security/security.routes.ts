import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockedIpSchema, blockIpBody } from '@shared/partner-api/partner-api.contracts';
import { auditContext } from '../audit/audit.service';
import { blockIp, listBlockedIps, unblockIp } from './blocked-ips.service';

const toBlockedIp = (row: {
  id: string;
  ip: string;
  reason: string;
  source: 'automatic' | 'manual';
  expiresAt: Date | null;
  createdAt: Date;
  createdBy?: string | null;
}) => ({
  id: row.id,
  ip: row.ip,
  reason: row.reason,
  source: row.source,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy ?? null,
});

/** The /blocked-ips screen's API (back office): list the blocks, add one, lift one. */
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
      return { blockedIps: rows.map(toBlockedIp) };
    },
  );

  app.post(
    '/blocked-ips',
    {
      config: { roles: ['back_office'] },
      schema: { body: blockIpBody, response: { 201: blockedIpSchema } },
    },
    async (request, reply) => {
      const row = await blockIp(app.deps.database, request.body, auditContext(request));
      return reply.status(201).send(toBlockedIp(row));
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
