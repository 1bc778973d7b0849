import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { cspNoncePlaceholder } from '@shared/csp-nonce';
import { partnerApiErrorCodes } from '@shared/error-codes';
import {
  problemDetails,
  v1CancelBody,
  v1CreateOrderBody,
  v1Order,
  v1OrderEvents,
  v1OrderList,
  v1OrderListQuery,
  v1OrderNumberParams,
  v1PartnerReferenceParams,
} from '@shared/partner-api/v1.contracts';
import { AppError } from '../../errors';
import { cspNonceOf, withCspNonce } from '../../plugins/csp-nonce';
import { addIdempotencyToRoutes, idempotencyHooks } from '../../plugins/idempotency';
import { useApiKeyAuth, type ApiCaller } from './v1-auth';
import {
  cancelPartnerOrder,
  createPartnerOrder,
  getPartnerOrder,
  listPartnerOrderEvents,
  listPartnerOrders,
} from './v1-orders.service';
import { useProblemDetails } from '../../plugins/problem-details';
import { useRequestLog } from './v1-request-log';

// Module augmentation needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** /api/v1: the call refuses to run without an Idempotency-Key. */
    idempotencyRequired?: boolean;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: problemDetails } },
});

const common = {
  401: problemResponse('No key, or a key that is malformed, unknown or revoked'),
  403: problemResponse(
    'The key lacks the scope or may not be used from this address, or the address is blocked',
  ),
  429: problemResponse(
    'Too many requests for this key, or too many with a bad key from this address; see Retry-After',
  ),
};

const security = [{ apiKey: [] }];

const callerOf = (request: { apiCaller: ApiCaller | null }) => request.apiCaller!;

/**
 * `/api/v1` (issue 14): the partner API, apart from the app's own calls. Registered beside the
 * /api scope, not inside it, so no session, cookie or cross-site rule applies: only the API key.
 */
export const partnerApiV1Routes: FastifyPluginAsyncZod = async (app) => {
  useProblemDetails(app);
  useApiKeyAuth(app);
  useRequestLog(app);
  addIdempotencyToRoutes(
    app,
    idempotencyHooks(() => app.deps.database.db, {
      ownerOf: (request) => (request.apiCaller ? { apiKeyId: request.apiCaller.keyId } : null),
      required: (request) => request.routeOptions.config.idempotencyRequired === true,
      missingKey: () =>
        new AppError(
          400,
          partnerApiErrorCodes.idempotencyKeyRequired,
          'Send an Idempotency-Key header (a UUID) so that a retry cannot create a second order',
        ),
    }),
  );
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (!request.url.startsWith('/api/v1/docs')) return payload;
    // The docs page's inline script runs by a nonce of this response alone (issue 18): the page
    // is rendered with a placeholder, swapped here for the nonce the header names.
    const nonce = cspNonceOf(reply.raw);
    reply.header(
      'content-security-policy',
      `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self' data:`,
    );
    return typeof payload === 'string' ? withCspNonce(payload, reply.raw) : payload;
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Uplink partner API',
        version: '1.0.0',
        description:
          'Send installation orders and follow them. Authenticate with your API key as ' +
          '`Authorization: Bearer upk_live_…`. Creating an order needs an `Idempotency-Key` ' +
          'header; errors are RFC 9457 problem details with a stable `code`.',
      },
      servers: [{ url: app.deps.config.PUBLIC_URL }],
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'Your API key (upk_live_…)' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  app.post(
    '/orders',
    {
      config: { apiScope: 'write', idempotencyRequired: true },
      schema: {
        summary: 'Create an order',
        description:
          'Needs the write scope and an `Idempotency-Key` header. The same key with the same ' +
          'body answers the first result again (`Idempotent-Replayed: true`); another body: 422; ' +
          'while the first is still running: 409. A partner reference you already used: 409 ' +
          'with `existingOrderNumber`.',
        security,
        body: v1CreateOrderBody,
        response: {
          201: v1Order,
          400: problemResponse('Invalid order, or no Idempotency-Key'),
          ...common,
          409: problemResponse('Reference already used, or the same key still running'),
          422: problemResponse('Idempotency-Key used for another request'),
        },
      },
    },
    async (request, reply) => {
      const order = await createPartnerOrder(app.deps.database.db, callerOf(request), request.body);
      reply.header('location', `/api/v1/orders/${encodeURIComponent(order.orderNumber)}`);
      return reply.status(201).send(order);
    },
  );

  app.get(
    '/orders',
    {
      config: { apiScope: 'read' },
      schema: {
        summary: 'List your orders',
        description: 'Newest first; follow `nextCursor`. Stable while new orders arrive.',
        security,
        querystring: v1OrderListQuery,
        response: { 200: v1OrderList, 400: problemResponse('Invalid filter or cursor'), ...common },
      },
    },
    async (request) => listPartnerOrders(app.deps.database.db, callerOf(request), request.query),
  );

  app.get(
    '/orders/:orderNumber',
    {
      config: { apiScope: 'read' },
      schema: {
        summary: 'Get an order by our number',
        security,
        params: v1OrderNumberParams,
        response: { 200: v1Order, 404: problemResponse('No such order of yours'), ...common },
      },
    },
    async (request) =>
      getPartnerOrder(app.deps.database.db, callerOf(request), {
        orderNumber: request.params.orderNumber,
      }),
  );

  app.get(
    '/orders/by-reference/:partnerReference',
    {
      config: { apiScope: 'read' },
      schema: {
        summary: 'Get an order by your reference',
        security,
        params: v1PartnerReferenceParams,
        response: { 200: v1Order, 404: problemResponse('No such order of yours'), ...common },
      },
    },
    async (request) =>
      getPartnerOrder(app.deps.database.db, callerOf(request), {
        partnerReference: request.params.partnerReference,
      }),
  );

  app.post(
    '/orders/:orderNumber/cancel',
    {
      config: { apiScope: 'write' },
      schema: {
        summary: 'Cancel an order',
        description:
          'Only before a visit is scheduled, with a reason. Takes an optional `Idempotency-Key`.',
        security,
        params: v1OrderNumberParams,
        body: v1CancelBody,
        response: {
          200: v1Order,
          400: problemResponse('No reason'),
          404: problemResponse('No such order of yours'),
          ...common,
          409: problemResponse('Too late to cancel (scheduled or later), or a key still running'),
          422: problemResponse('Idempotency-Key used for another request'),
        },
      },
    },
    async (request) =>
      cancelPartnerOrder(
        app.deps.database.db,
        callerOf(request),
        request.params.orderNumber,
        request.body.reason,
      ),
  );

  app.get(
    '/orders/:orderNumber/events',
    {
      config: { apiScope: 'read' },
      schema: {
        summary: "An order's events",
        description: 'Every change of the order, oldest first.',
        security,
        params: v1OrderNumberParams,
        response: { 200: v1OrderEvents, 404: problemResponse('No such order of yours'), ...common },
      },
    },
    async (request) =>
      listPartnerOrderEvents(app.deps.database.db, callerOf(request), request.params.orderNumber),
  );

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(scalar, {
    routePrefix: '/docs',
    configuration: {
      url: '/api/v1/openapi.json',
      pageTitle: 'Uplink partner API',
      withDefaultFonts: false,
      hideClientButton: true,
      nonce: cspNoncePlaceholder,
    },
  });
};
