import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@shared/schema/common.contracts';
import {
  fieldFlagSchema,
  fieldFlagsQuery,
  fieldFlagsResponse,
  resolveFieldFlagBody,
} from '@shared/stock/field-flags.contracts';
import { listFieldFlags, resolveFieldFlag } from './field-serials.service';
import { actorOf } from './stock.routes';

/** Serials from the field that were not in the engineer's van: back office lists and resolves. */
export const fieldFlagsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const backOffice = { roles: ['back_office'] as const };

  app.get(
    '/stock/field-flags',
    {
      config: backOffice,
      schema: { querystring: fieldFlagsQuery, response: { 200: fieldFlagsResponse } },
    },
    async (request) => listFieldFlags(db(), request.query),
  );
  app.post(
    '/stock/field-flags/:id/resolve',
    {
      config: backOffice,
      schema: { params: idParams, body: resolveFieldFlagBody, response: { 200: fieldFlagSchema } },
    },
    async (request) => resolveFieldFlag(db(), actorOf(request), request.params.id, request.body),
  );
};
