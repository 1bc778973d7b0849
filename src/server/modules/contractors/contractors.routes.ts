import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@shared/schema/common.contracts';
import {
  contractorDetail as contractorDetailSchema,
  contractorListQuery,
  contractorListResponse,
  createContractorBody,
  engineerListResponse,
  updateContractorBody,
} from '@shared/contractors/contractors.contracts';
import {
  assignmentQueueQuery,
  assignmentQueueResponse,
  bulkAssignBody,
  bulkAssignResponse,
} from '@shared/orders/orders.contracts';
import { coversPostcode } from '@shared/uk-postcode';
import { listPaging } from '../../db/keyset';
import { viewerOf } from '../orders/orders.service';
import {
  assignmentQueue,
  bulkAssign,
  contractorDetail,
  contractorNotFound,
  createContractor,
  deleteContractor,
  engineersOf,
  listContractors,
  updateContractor,
} from './contractors.service';

/**
 * Contractor companies and the assignment queue: back office. A contractor may read its own
 * company and engineers; any other company answers 404.
 */
export const contractorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const backOffice = { roles: ['back_office'] as const };

  app.get(
    '/contractors',
    {
      config: backOffice,
      schema: { querystring: contractorListQuery, response: { 200: contractorListResponse } },
    },
    async (request) => {
      const { q, active, covers } = request.query;
      let items = await listContractors(db(), {
        q,
        active: active === undefined ? undefined : active === 'true',
      });
      if (covers) items = items.filter((c) => coversPostcode(c.coverageAreas, covers));
      return { items };
    },
  );

  app.post(
    '/contractors',
    {
      config: backOffice,
      schema: { body: createContractorBody, response: { 201: contractorDetailSchema } },
    },
    async (request, reply) => reply.status(201).send(await createContractor(db(), request.body)),
  );

  app.get(
    '/contractors/:id',
    {
      config: { roles: ['back_office', 'contractor'] as const },
      schema: { params: idParams, response: { 200: contractorDetailSchema } },
    },
    async (request) => {
      const viewer = viewerOf(request.user!);
      if (!viewer.backOffice && viewer.contractorId !== request.params.id)
        throw contractorNotFound();
      return contractorDetail(db(), request.params.id);
    },
  );

  app.get(
    '/contractors/:id/engineers',
    {
      config: { roles: ['back_office', 'contractor'] as const },
      schema: { params: idParams, response: { 200: engineerListResponse } },
    },
    async (request) => {
      const viewer = viewerOf(request.user!);
      if (!viewer.backOffice && viewer.contractorId !== request.params.id)
        throw contractorNotFound();
      await contractorDetail(db(), request.params.id);
      return { items: await engineersOf(db(), request.params.id) };
    },
  );

  app.patch(
    '/contractors/:id',
    {
      config: backOffice,
      schema: {
        params: idParams,
        body: updateContractorBody,
        response: { 200: contractorDetailSchema },
      },
    },
    async (request) => updateContractor(db(), request.params.id, request.body),
  );

  app.delete(
    '/contractors/:id',
    { config: backOffice, schema: { params: idParams } },
    async (request, reply) => {
      await deleteContractor(db(), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/assignment-queue',
    {
      config: backOffice,
      schema: { querystring: assignmentQueueQuery, response: { 200: assignmentQueueResponse } },
    },
    async (request) =>
      assignmentQueue(db(), listPaging(app.deps.config), request.query, viewerOf(request.user!)),
  );

  app.post(
    '/assignment-queue/assign',
    { config: backOffice, schema: { body: bulkAssignBody, response: { 200: bulkAssignResponse } } },
    async (request) => bulkAssign(db(), request.body, viewerOf(request.user!)),
  );
};
