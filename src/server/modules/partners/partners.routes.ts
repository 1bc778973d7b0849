import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@shared/schema/common.contracts';
import { orderErrorCodes } from '@shared/orders/orders.contracts';
import {
  createPartnerBody,
  partnerListResponse,
  partnerSchema,
  updatePartnerBody,
} from '@shared/partners/partners.contracts';
import { conflict, notFound } from '../../errors';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/db-errors';
import {
  deletePartner,
  findPartner,
  insertPartner,
  listPartners,
  updatePartner,
} from './partners.repository';

const codeTaken = () =>
  conflict(orderErrorCodes.codeTaken, 'Another partner already uses that code.');

/** Partners: back office only (PRODUCT.md). */
export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const config = { roles: ['back_office'] as const };

  app.get(
    '/partners',
    { config, schema: { response: { 200: partnerListResponse } } },
    async () => ({
      items: await listPartners(db()),
    }),
  );

  app.get(
    '/partners/:id',
    { config, schema: { params: idParams, response: { 200: partnerSchema } } },
    async (request) => {
      const partner = await findPartner(db(), request.params.id);
      if (!partner) throw notFound('Partner not found');
      return partner;
    },
  );

  app.post(
    '/partners',
    { config, schema: { body: createPartnerBody, response: { 201: partnerSchema } } },
    async (request, reply) => {
      try {
        const row = await insertPartner(db(), request.body);
        return reply.status(201).send((await findPartner(db(), row.id))!);
      } catch (error) {
        if (isUniqueViolation(error)) throw codeTaken();
        throw error;
      }
    },
  );

  app.patch(
    '/partners/:id',
    {
      config,
      schema: { params: idParams, body: updatePartnerBody, response: { 200: partnerSchema } },
    },
    async (request) => {
      try {
        const row = await updatePartner(db(), request.params.id, request.body);
        if (!row) throw notFound('Partner not found');
      } catch (error) {
        if (isUniqueViolation(error)) throw codeTaken();
        throw error;
      }
      return (await findPartner(db(), request.params.id))!;
    },
  );

  app.delete('/partners/:id', { config, schema: { params: idParams } }, async (request, reply) => {
    try {
      if (!(await deletePartner(db(), request.params.id))) throw notFound('Partner not found');
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw conflict(orderErrorCodes.inUse, 'The partner has orders; make it inactive instead.');
      }
      throw error;
    }
    return reply.status(204).send();
  });
};
