import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@shared/schema/common.contracts';
import {
  chooseOrganisationBody,
  sendSinceBody,
  sendSinceResponseSchema,
  xeroCallbackQuery,
  xeroConnectResponseSchema,
  xeroContactsResponse,
  xeroDocumentSchema,
  xeroOptionsSchema,
  xeroOrderDocumentsResponse,
  xeroSettingsSchema,
  xeroStatusSchema,
  xeroSyncLogQuery,
  xeroSyncLogResponse,
  type XeroDocument,
} from '@shared/xero/xero.contracts';
import { notFound } from '../../errors';
import { findOrderNumbersForXero } from '../orders/projections/xero-billing.projection';
import {
  findConnectionRow,
  findDocumentRow,
  listAttemptRows,
  listContactRows,
  listDocumentRows,
} from './xero.repository';
import type { XeroDocumentRow } from './xero.schema';
import {
  chooseOrganisation,
  disconnect,
  finishConnect,
  retryDocument,
  saveSettings,
  sendCompletedSince,
  startConnect,
  xeroOptions,
  xeroStatus,
} from './xero.service';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Xero settings, connection and sync log, for /xero-settings: back office only (issue 22). */
export const xeroRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => app.deps;
  const db = () => app.deps.database.db;
  const config = { roles: ['back_office'] as const };

  async function withCalls(rows: XeroDocumentRow[]): Promise<XeroDocument[]> {
    const [calls, numbers] = await Promise.all([
      listAttemptRows(
        db(),
        rows.map((row) => row.id),
      ),
      findOrderNumbersForXero(db(), [...new Set(rows.map((row) => row.orderId))]),
    ]);
    return rows.map((row) => ({
      id: row.id,
      orderId: row.orderId,
      orderNumber: numbers.get(row.orderId) ?? '',
      kind: row.kind,
      status: row.status,
      needsAttention: row.needsAttention,
      attempts: row.attempts,
      amountPence: row.amountPence,
      xeroId: row.xeroId,
      xeroNumber: row.xeroNumber,
      lastError: row.lastError,
      nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
      sentAt: iso(row.sentAt),
      createdAt: row.createdAt.toISOString(),
      calls: calls
        .filter((call) => call.documentId === row.id)
        .map((call) => ({
          id: call.id,
          method: call.method,
          path: call.path,
          requestBody: call.requestBody,
          responseStatus: call.responseStatus,
          responseBody: call.responseBody,
          error: call.error,
          durationMs: call.durationMs,
          startedAt: call.startedAt.toISOString(),
        })),
    }));
  }

  app.get('/xero', { config, schema: { response: { 200: xeroStatusSchema } } }, async () =>
    xeroStatus(deps()),
  );

  app.post(
    '/xero/connect',
    { config, schema: { response: { 200: xeroConnectResponseSchema } } },
    async (request) => startConnect(deps(), request.user!),
  );

  // Xero sends the browser back here (a top-level GET: the Lax session cookie comes with it).
  app.get(
    '/xero/callback',
    { config, schema: { querystring: xeroCallbackQuery } },
    async (request, reply) => {
      const outcome = await finishConnect(deps(), request.user!, request.query);
      return reply.redirect(`/xero-settings?xero=${outcome}`, 302);
    },
  );

  app.put(
    '/xero/organisation',
    { config, schema: { body: chooseOrganisationBody, response: { 200: xeroStatusSchema } } },
    async (request) => {
      await chooseOrganisation(deps(), request.body.tenantId);
      return xeroStatus(deps());
    },
  );

  app.post(
    '/xero/disconnect',
    { config, schema: { response: { 200: z.object({ revoked: z.boolean() }) } } },
    async () => disconnect(deps()),
  );

  app.get('/xero/options', { config, schema: { response: { 200: xeroOptionsSchema } } }, async () =>
    xeroOptions(deps()),
  );

  app.put(
    '/xero/settings',
    { config, schema: { body: xeroSettingsSchema, response: { 200: xeroStatusSchema } } },
    async (request) => {
      await saveSettings(deps(), request.body);
      return xeroStatus(deps());
    },
  );

  app.post(
    '/xero/send-since',
    { config, schema: { body: sendSinceBody, response: { 200: sendSinceResponseSchema } } },
    async (request) => sendCompletedSince(deps(), request.body.since),
  );

  app.get(
    '/xero/contacts',
    { config, schema: { response: { 200: xeroContactsResponse } } },
    async () => {
      const connection = await findConnectionRow(db());
      if (!connection?.tenantId) return { items: [] };
      const rows = await listContactRows(db(), connection.tenantId);
      return {
        items: rows.map((row) => ({
          kind: row.kind,
          localId: row.localId,
          name: row.name,
          contactId: row.contactId,
          how: row.how,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/xero/sync-log',
    { config, schema: { querystring: xeroSyncLogQuery, response: { 200: xeroSyncLogResponse } } },
    async (request) => {
      const { page, pageSize, status } = request.query;
      const { rows, total } = await listDocumentRows(
        db(),
        { status },
        { limit: pageSize, offset: (page - 1) * pageSize },
      );
      return { items: await withCalls(rows), total, page, pageSize };
    },
  );

  app.post(
    '/xero/documents/:id/retry',
    { config, schema: { params: idParams, response: { 200: xeroDocumentSchema } } },
    async (request) => {
      await retryDocument(deps(), request.params.id);
      const row = await findDocumentRow(db(), request.params.id);
      if (!row) throw notFound('Xero document not found');
      return (await withCalls([row]))[0]!;
    },
  );

  app.get(
    '/xero/orders/:id/documents',
    { config, schema: { params: idParams, response: { 200: xeroOrderDocumentsResponse } } },
    async (request) => {
      const { rows } = await listDocumentRows(
        db(),
        { orderId: request.params.id },
        { limit: 10, offset: 0 },
      );
      return { items: await withCalls(rows) };
    },
  );
};
