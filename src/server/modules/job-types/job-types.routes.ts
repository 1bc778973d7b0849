import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@shared/schema/common.contracts';
import {
  createJobTypeBody,
  jobTypeListResponse,
  jobTypeSchema,
  updateJobTypeBody,
} from '@shared/job-types/job-types.contracts';
import { orderErrorCodes } from '@shared/orders/orders.contracts';
import { conflict, notFound } from '../../errors';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/db-errors';
import {
  deleteJobType,
  findJobType,
  insertJobType,
  listJobTypes,
  updateJobType,
} from './job-types.repository';

const codeTaken = () =>
  conflict(orderErrorCodes.codeTaken, 'Another job type already uses that code.');

/** Job types: back office manages them; contractors read them (their rates name them). */
export const jobTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const config = { roles: ['back_office'] as const };

  app.get(
    '/job-types',
    {
      config: { roles: ['back_office', 'contractor'] as const },
      schema: { response: { 200: jobTypeListResponse } },
    },
    async (request) => {
      const items = await listJobTypes(db());
      const user = request.user!;
      // A contractor never sees the price charged to the partner (issue 12).
      if ([user.role, ...user.additionalRoles].includes('back_office')) return { items };
      return { items: items.map(({ defaultPricePence: _price, ...rest }) => rest) };
    },
  );

  app.get(
    '/job-types/:id',
    { config, schema: { params: idParams, response: { 200: jobTypeSchema } } },
    async (request) => {
      const jobType = await findJobType(db(), request.params.id);
      if (!jobType) throw notFound('Job type not found');
      return jobType;
    },
  );

  app.post(
    '/job-types',
    { config, schema: { body: createJobTypeBody, response: { 201: jobTypeSchema } } },
    async (request, reply) => {
      try {
        return reply.status(201).send(await insertJobType(db(), request.body));
      } catch (error) {
        if (isUniqueViolation(error)) throw codeTaken();
        throw error;
      }
    },
  );

  app.patch(
    '/job-types/:id',
    {
      config,
      schema: { params: idParams, body: updateJobTypeBody, response: { 200: jobTypeSchema } },
    },
    async (request) => {
      try {
        const jobType = await updateJobType(db(), request.params.id, request.body);
        if (!jobType) throw notFound('Job type not found');
        return jobType;
      } catch (error) {
        if (isUniqueViolation(error)) throw codeTaken();
        throw error;
      }
    },
  );

  app.delete('/job-types/:id', { config, schema: { params: idParams } }, async (request, reply) => {
    try {
      if (!(await deleteJobType(db(), request.params.id))) throw notFound('Job type not found');
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw conflict(orderErrorCodes.inUse, 'The job type has orders; make it inactive instead.');
      }
      throw error;
    }
    return reply.status(204).send();
  });
};
