import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cursorCodec } from '../../db/keyset';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  levelsExportQuery,
  movementsExportQuery,
  orderKitQuery,
  orderKitSchema,
  stockValueSchema,
} from '@shared/stock/stock-reports.contracts';
import type { StockActor } from './ledger.service';
import {
  levelsCsv,
  movementsCsv,
  orderKit,
  stockValue,
  stockValueCsv,
} from './stock-reports.service';

function actorOf(request: FastifyRequest): StockActor {
  const user = request.user!;
  return {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`.trim() || user.email,
    contractorId: user.contractorId,
    backOffice: [user.role, ...user.additionalRoles].includes('back_office'),
  };
}

const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    )
    .send(csv);

/**
 * Stock management's reports (issue 20): stock value by location (back office: it is made of
 * unit costs), each list's CSV (a contractor's scoped to its own places, without costs), and
 * the kit an order's allocation needs.
 */
export const stockExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const codec = cursorCodec(app.deps.config.SESSION_SECRET);
  const backOffice = { roles: ['back_office'] as const };
  const both = { roles: ['back_office', 'contractor'] as const };

  app.get(
    '/stock/levels.csv',
    { config: both, schema: { querystring: levelsExportQuery } },
    async (request, reply) =>
      sendCsv(reply, 'stock-levels', await levelsCsv(db(), codec, actorOf(request), request.query)),
  );
  app.get(
    '/stock/movements.csv',
    { config: both, schema: { querystring: movementsExportQuery } },
    async (request, reply) =>
      sendCsv(
        reply,
        'stock-movements',
        await movementsCsv(db(), codec, actorOf(request), request.query),
      ),
  );
  app.get(
    '/stock/value',
    { config: backOffice, schema: { response: { 200: stockValueSchema } } },
    async () => stockValue(db()),
  );
  app.get('/stock/value.csv', { config: backOffice }, async (_request, reply) =>
    sendCsv(reply, 'stock-value', await stockValueCsv(db())),
  );
  app.get(
    '/stock/order-kit',
    {
      config: backOffice,
      schema: { querystring: orderKitQuery, response: { 200: orderKitSchema } },
    },
    async (request) => orderKit(db(), request.query.orderNumber),
  );
};
