import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPaging } from '../../db/keyset';
import { idParams } from '@shared/schema/common.contracts';
import {
  createWebhookEndpointBody,
  updateWebhookEndpointBody,
  webhookDeliveryDetailSchema,
  webhookDeliveryListQuery,
  webhookDeliveryListResponse,
  webhookEndpointListQuery,
  webhookEndpointListResponse,
  webhookEndpointSchema,
  webhookEndpointWithSecret,
  webhookSettingsSchema,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@shared/webhooks/webhooks.contracts';
import type { WebhookAttemptRow } from './webhooks.schema';
import { notFound } from '../../errors';
import { findPartnerForOrder } from '../partners/partners.service';
import {
  findDelivery,
  findEndpoint,
  listDeliveries,
  listEndpoints,
  type DeliveryListRow,
  type EndpointWithPartner,
} from './webhook-lists';
import { deleteEndpointRow, listAttemptRows } from './webhooks.repository';
import {
  createEndpoint,
  redeliver,
  rotateEndpointSecret,
  updateEndpoint,
} from './webhooks.service';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toEndpoint(row: EndpointWithPartner, now = new Date()): WebhookEndpoint {
  return {
    id: row.id,
    partnerId: row.partnerId,
    partnerName: row.partnerName,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    disabledAt: iso(row.disabledAt),
    secretHint: `${row.secret.slice(0, 10)}…`,
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > now
        ? row.previousSecretExpiresAt.toISOString()
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDelivery(row: DeliveryListRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    endpointUrl: row.endpointUrl,
    partnerId: row.partnerId,
    partnerName: row.partnerName,
    eventId: row.eventId,
    eventType: row.eventType,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: iso(row.nextAttemptAt),
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAttempt(row: WebhookAttemptRow): WebhookAttempt {
  return {
    id: row.id,
    attemptNumber: row.attemptNumber,
    manual: row.manual,
    url: row.url,
    requestHeaders: row.requestHeaders,
    remoteAddress: row.remoteAddress,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    error: row.error,
    durationMs: row.durationMs,
    startedAt: row.startedAt.toISOString(),
  };
}

/** Outbound webhooks, for the /api/outbound screen: back office only (issue 14). */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => app.deps;
  const db = () => app.deps.database.db;
  const paging = listPaging(app.deps.config);
  const config = { roles: ['back_office'] as const };

  async function endpointOr404(id: string) {
    const row = await findEndpoint(db(), id);
    if (!row) throw notFound('Webhook endpoint not found');
    return toEndpoint(row);
  }

  async function deliveryOr404(id: string) {
    const row = await findDelivery(db(), id);
    if (!row) throw notFound('Webhook delivery not found');
    const attempts = await listAttemptRows(db(), id);
    return { ...toDelivery(row), body: row.body, attemptsMade: attempts.map(toAttempt) };
  }

  app.get(
    '/webhook-settings',
    { config, schema: { response: { 200: webhookSettingsSchema } } },
    async () => ({ allowPrivateTargets: deps().config.WEBHOOK_ALLOW_PRIVATE_TARGETS }),
  );

  app.get(
    '/webhook-endpoints',
    {
      config,
      schema: {
        querystring: webhookEndpointListQuery,
        response: { 200: webhookEndpointListResponse },
      },
    },
    async (request) => ({
      items: (await listEndpoints(db(), request.query.partnerId)).map((row) => toEndpoint(row)),
    }),
  );

  app.post(
    '/webhook-endpoints',
    {
      config,
      schema: { body: createWebhookEndpointBody, response: { 201: webhookEndpointWithSecret } },
    },
    async (request, reply) => {
      if (!(await findPartnerForOrder(db(), request.body.partnerId))) {
        throw notFound('Partner not found');
      }
      const created = await createEndpoint(deps(), request.body);
      return reply
        .status(201)
        .send({ endpoint: await endpointOr404(created.id), secret: created.secret });
    },
  );

  app.get(
    '/webhook-endpoints/:id',
    { config, schema: { params: idParams, response: { 200: webhookEndpointSchema } } },
    async (request) => endpointOr404(request.params.id),
  );

  app.patch(
    '/webhook-endpoints/:id',
    {
      config,
      schema: {
        params: idParams,
        body: updateWebhookEndpointBody,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => {
      await updateEndpoint(deps(), request.params.id, request.body);
      return endpointOr404(request.params.id);
    },
  );

  app.delete(
    '/webhook-endpoints/:id',
    { config, schema: { params: idParams } },
    async (request, reply) => {
      if (!(await deleteEndpointRow(db(), request.params.id))) {
        throw notFound('Webhook endpoint not found');
      }
      return reply.status(204).send();
    },
  );

  app.post(
    '/webhook-endpoints/:id/rotate-secret',
    { config, schema: { params: idParams, response: { 200: webhookEndpointWithSecret } } },
    async (request) => {
      const { secret } = await rotateEndpointSecret(deps(), request.params.id);
      return { endpoint: await endpointOr404(request.params.id), secret };
    },
  );

  app.get(
    '/webhook-deliveries',
    {
      config,
      schema: {
        querystring: webhookDeliveryListQuery,
        response: { 200: webhookDeliveryListResponse },
      },
    },
    async (request) => {
      const { page, pageSize, cursor, ...filter } = request.query;
      const { rows, ...rest } = await listDeliveries(db(), paging, filter, {
        cursor,
        page,
        pageSize,
      });
      return { ...rest, items: rows.map(toDelivery), page, pageSize };
    },
  );

  app.get(
    '/webhook-deliveries/:id',
    { config, schema: { params: idParams, response: { 200: webhookDeliveryDetailSchema } } },
    async (request) => deliveryOr404(request.params.id),
  );

  app.post(
    '/webhook-deliveries/:id/redeliver',
    { config, schema: { params: idParams, response: { 200: webhookDeliveryDetailSchema } } },
    async (request) => {
      await redeliver(deps(), request.params.id);
      return deliveryOr404(request.params.id);
    },
  );
};
