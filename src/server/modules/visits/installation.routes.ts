import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  installationResponse,
  orderIdParams,
  orderNumberParams,
  orderSummaryResponse,
} from '@shared/visits/visit-record';
import { viewerOf } from '../orders/orders.service';
import { certificateReply } from './certificate.service';
import { installationRecord, orderSummary } from './installation.service';

const staff = { roles: ['back_office', 'contractor', 'engineer'] as const };

/** The record pages: /installation/{orderId} and /order-summary/{orderNumber} with its PDF. */
export const installationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    '/orders/:orderId/installation',
    { config: staff, schema: { params: orderIdParams, response: { 200: installationResponse } } },
    async (request) =>
      installationRecord(deps.database.db, viewerOf(request.user!), request.params.orderId),
  );
  app.get(
    '/order-summary/:orderNumber',
    {
      config: staff,
      schema: { params: orderNumberParams, response: { 200: orderSummaryResponse } },
    },
    async (request) => orderSummary(deps, viewerOf(request.user!), request.params.orderNumber),
  );
  app.get(
    '/order-summary/:orderNumber/certificate.pdf',
    { config: staff, schema: { params: orderNumberParams } },
    async (request, reply) => {
      const pdf = await certificateReply(deps, viewerOf(request.user!), request.params.orderNumber);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${pdf.fileName}"`)
        .send(pdf.bytes);
    },
  );
};
