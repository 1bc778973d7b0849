import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPaging } from '../../db/keyset';
import { z } from 'zod';
import {
  apiKeyListQuery,
  apiKeyListResponse,
  apiKeySchema,
  apiRequestLogQuery,
  apiRequestLogResponse,
  createApiKeyBody,
  createApiKeyResponse,
  partnerApiSettingsSchema,
} from '@shared/partner-api/partner-api.contracts';
import { auditContext } from '../audit/audit.service';
import {
  createApiKey,
  getPartnerApiSettings,
  listApiRequests,
  listKeys,
  revokeApiKey,
  setPartnerApiSettings,
} from './partner-api.service';

const backOffice = { roles: ['back_office'] as const };

/** The back-office screens of the partner API: /api/inbound, /api/settings, /api/logs. */
export const partnerApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const paging = listPaging(app.deps.config);

  app.get(
    '/partner-api/keys',
    {
      config: backOffice,
      schema: { querystring: apiKeyListQuery, response: { 200: apiKeyListResponse } },
    },
    async (request) => ({
      items: await listKeys(db(), {
        partnerId: request.query.partnerId,
        includeRevoked: request.query.includeRevoked === 'true',
      }),
    }),
  );

  app.post(
    '/partner-api/keys',
    {
      // The answer holds the key: never kept for an Idempotency-Key replay.
      config: { ...backOffice, secretAnswer: true },
      schema: { body: createApiKeyBody, response: { 201: createApiKeyResponse } },
    },
    async (request, reply) => {
      const created = await createApiKey(db(), request.body, auditContext(request));
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/partner-api/keys/:id/revoke',
    {
      config: backOffice,
      schema: { params: z.object({ id: z.uuid() }), response: { 200: apiKeySchema } },
    },
    async (request) => revokeApiKey(db(), request.params.id, auditContext(request)),
  );

  app.get(
    '/partner-api/requests',
    {
      config: backOffice,
      schema: { querystring: apiRequestLogQuery, response: { 200: apiRequestLogResponse } },
    },
    async (request) => listApiRequests(db(), paging, request.query),
  );

  app.get(
    '/partner-api/settings',
    { config: backOffice, schema: { response: { 200: partnerApiSettingsSchema } } },
    async () => getPartnerApiSettings(db()),
  );

  app.put(
    '/partner-api/settings',
    {
      config: backOffice,
      schema: { body: partnerApiSettingsSchema, response: { 200: partnerApiSettingsSchema } },
    },
    async (request) => setPartnerApiSettings(db(), request.body, auditContext(request)),
  );
};
