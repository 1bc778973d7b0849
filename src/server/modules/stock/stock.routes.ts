import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cursorCodec } from '../../db/keyset';
import type { FastifyRequest } from 'fastify';
import { idParams } from '@shared/schema/common.contracts';
import {
  allocateBody,
  batchResponse,
  createProductBody,
  createWarehouseBody,
  installBody,
  jobTypeParams,
  kitSchema,
  levelsQuery,
  levelsResponse,
  locationListResponse,
  locationSchema,
  lowLevelBody,
  lowLevelsQuery,
  lowLevelsResponse,
  markFaultyBody,
  movementsQuery,
  movementsResponse,
  productListResponse,
  productSchema,
  putKitBody,
  receiveBody,
  returnBody,
  serialHistoryResponse,
  serialParams,
  serialSearchQuery,
  serialSearchResponse,
  stockTakeBody,
  stockTakeQuery,
  stockTakeSheet,
  swapBody,
  transferBody,
  updateProductBody,
  writeOffBody,
} from '@shared/stock/stock.contracts';
import type { StockActor } from './ledger.service';
import { stockExportRoutes } from './stock-exports.routes';
import {
  allocate,
  install,
  markFaulty,
  receive,
  returnStock,
  stockTake,
  stockTakeSheet as loadStockTakeSheet,
  swap,
  transfer,
  writeOff,
} from './stock-movements.service';
import {
  batchMovements,
  createProduct,
  createWarehouse,
  deleteProduct,
  getProduct,
  jobTypeKit,
  listLevels,
  listLocations,
  listMovements,
  listProducts,
  productLowLevels,
  searchSerials,
  serialHistory,
  setJobTypeKit,
  setLowLevel,
  updateProduct,
} from './stock.service';

/** Who is asking, as stock needs it. */
export function actorOf(request: FastifyRequest): StockActor {
  const user = request.user!;
  return {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`.trim() || user.email,
    contractorId: user.contractorId,
    backOffice: [user.role, ...user.additionalRoles].includes('back_office'),
  };
}

/**
 * Stock (issue 20) under /api/stock: back office does everything; a contractor sees its depot
 * and vans (never a unit cost) and transfers between them; anyone else is refused.
 */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const codec = cursorCodec(app.deps.config.SESSION_SECRET);
  const backOffice = { roles: ['back_office'] as const };
  const both = { roles: ['back_office', 'contractor'] as const };
  const moved = async (batchId: string | null) =>
    batchId ? batchMovements(db(), batchId) : { batchId: null, movements: [] };
  const step = { response: { 201: batchResponse } };
  await app.register(stockExportRoutes);

  app.get(
    '/stock/products',
    { config: both, schema: { response: { 200: productListResponse } } },
    async (request) => listProducts(db(), actorOf(request)),
  );
  app.get(
    '/stock/products/:id',
    { config: both, schema: { params: idParams, response: { 200: productSchema } } },
    async (request) => getProduct(db(), actorOf(request), request.params.id),
  );
  app.post(
    '/stock/products',
    { config: backOffice, schema: { body: createProductBody, response: { 201: productSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createProduct(db(), actorOf(request), request.body)),
  );
  app.patch(
    '/stock/products/:id',
    {
      config: backOffice,
      schema: { params: idParams, body: updateProductBody, response: { 200: productSchema } },
    },
    async (request) => updateProduct(db(), actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/stock/products/:id',
    { config: backOffice, schema: { params: idParams } },
    async (request, reply) => {
      await deleteProduct(db(), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/stock/job-types/:jobTypeId/kit',
    { config: backOffice, schema: { params: jobTypeParams, response: { 200: kitSchema } } },
    async (request) => jobTypeKit(db(), request.params.jobTypeId),
  );
  app.put(
    '/stock/job-types/:jobTypeId/kit',
    {
      config: backOffice,
      schema: { params: jobTypeParams, body: putKitBody, response: { 200: kitSchema } },
    },
    async (request) => setJobTypeKit(db(), request.params.jobTypeId, request.body.items),
  );

  app.get(
    '/stock/locations',
    { config: both, schema: { response: { 200: locationListResponse } } },
    async (request) => listLocations(db(), actorOf(request)),
  );
  app.post(
    '/stock/locations',
    {
      config: backOffice,
      schema: { body: createWarehouseBody, response: { 201: locationSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createWarehouse(db(), request.body.name)),
  );
  app.get(
    '/stock/low-levels',
    {
      config: backOffice,
      schema: { querystring: lowLevelsQuery, response: { 200: lowLevelsResponse } },
    },
    async (request) => productLowLevels(db(), request.query.productId),
  );
  app.put(
    '/stock/low-levels',
    { config: backOffice, schema: { body: lowLevelBody } },
    async (request, reply) => {
      await setLowLevel(db(), actorOf(request), request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/stock/levels',
    { config: both, schema: { querystring: levelsQuery, response: { 200: levelsResponse } } },
    async (request) => listLevels(db(), codec, actorOf(request), request.query),
  );
  app.get(
    '/stock/movements',
    {
      config: both,
      schema: { querystring: movementsQuery, response: { 200: movementsResponse } },
    },
    async (request) => listMovements(db(), codec, actorOf(request), request.query),
  );

  app.post(
    '/stock/receive',
    { config: backOffice, schema: { body: receiveBody, ...step } },
    async (request, reply) =>
      reply.status(201).send(await moved(await receive(db(), actorOf(request), request.body))),
  );
  app.post(
    '/stock/transfers',
    { config: both, schema: { body: transferBody, ...step } },
    async (request, reply) =>
      reply.status(201).send(await moved(await transfer(db(), actorOf(request), request.body))),
  );
  app.post(
    '/stock/allocations',
    { config: backOffice, schema: { body: allocateBody, ...step } },
    async (request, reply) =>
      reply.status(201).send(await moved(await allocate(db(), actorOf(request), request.body))),
  );
  app.post(
    '/stock/installs',
    { config: backOffice, schema: { body: installBody, ...step } },
    async (request, reply) =>
      reply.status(201).send(await moved(await install(db(), actorOf(request), request.body))),
  );
  app.post(
    '/stock/swaps',
    { config: backOffice, schema: { body: swapBody, ...step } },
    async (request, reply) =>
      reply.status(201).send(await moved(await swap(db(), actorOf(request), request.body))),
  );
  app.post(
    '/stock/returns',
    { config: backOffice, schema: { body: returnBody, ...step } },
    async (request, reply) =>
      reply.status(201).send(await moved(await returnStock(db(), actorOf(request), request.body))),
  );
  app.post(
    '/stock/faulty',
    { config: backOffice, schema: { body: markFaultyBody, ...step } },
    async (request, reply) =>
      reply.status(201).send(await moved(await markFaulty(db(), actorOf(request), request.body))),
  );
  app.post(
    '/stock/write-offs',
    { config: backOffice, schema: { body: writeOffBody, ...step } },
    async (request, reply) =>
      reply.status(201).send(await moved(await writeOff(db(), actorOf(request), request.body))),
  );
  app.get(
    '/stock/stock-takes/sheet',
    {
      config: backOffice,
      schema: { querystring: stockTakeQuery, response: { 200: stockTakeSheet } },
    },
    async (request) => loadStockTakeSheet(db(), actorOf(request), request.query.locationId),
  );
  app.post(
    '/stock/stock-takes',
    { config: backOffice, schema: { body: stockTakeBody, ...step } },
    async (request, reply) =>
      reply.status(201).send(await moved(await stockTake(db(), actorOf(request), request.body))),
  );

  app.get(
    '/stock/serials',
    {
      config: backOffice,
      schema: { querystring: serialSearchQuery, response: { 200: serialSearchResponse } },
    },
    async (request) => searchSerials(db(), request.query.q),
  );
  app.get(
    '/stock/serials/:serial/history',
    {
      config: backOffice,
      schema: { params: serialParams, response: { 200: serialHistoryResponse } },
    },
    async (request) => serialHistory(db(), request.params.serial),
  );
};
