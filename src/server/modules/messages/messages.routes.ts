import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listMessagesQuerySchema,
  listMessagesResponseSchema,
  messageSchema,
  providerStateSchema,
  testMessageBodySchema,
} from '@shared/messages/messages.contracts';
import {
  listTemplatesResponseSchema,
  previewTemplateBodySchema,
  previewTemplateResponseSchema,
  renderTemplate,
  saveTemplateBodySchema,
  smsLength,
  templateChannels,
  templateKinds,
  templateSchema,
} from '@shared/messages/templates';
import { commonErrorCodes } from '@shared/error-codes';
import { arrivalWindowWords, onTheWayBody, onTheWayRefusal } from '@shared/visits/on-the-way';
import { AppError, forbidden, notFound } from '../../errors';
import { inTransaction } from '../../db/transaction';
import { publishEvent } from '../events/events.service';
import {
  checkTemplate,
  listTemplates,
  previewValues,
  saveTemplate,
  templateText,
} from './customer-messages.service';
import { findVisit } from '../orders/projections/customer-messages.projection';
import {
  findMessage,
  listMessages,
  queueMessage,
  smsStatusCallbackPath,
  toMessage,
} from './messages.service';
import { listPaging } from '../../db/keyset';
import { messagesForLog } from './message-secrets';
import { companySender } from './company-sender';

export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const paging = listPaging(app.deps.config);
  app.get(
    '/messages',
    {
      config: { roles: ['back_office'] },
      schema: {
        querystring: listMessagesQuerySchema,
        response: { 200: listMessagesResponseSchema },
      },
    },
    async (request) => {
      const result = await listMessages(app.deps.database.db, paging, request.query);
      const { adapters } = app.deps;
      return {
        messages: (await messagesForLog(app.deps.database.db, result.rows)).map(toMessage),
        total: result.total,
        totalIsEstimate: result.totalIsEstimate,
        totalIsLowerBound: result.totalIsLowerBound,
        nextCursor: result.nextCursor,
        prevCursor: result.prevCursor,
        page: result.page,
        pageSize: result.pageSize,
        delivery: { email: adapters.mail.kind, sms: adapters.sms.kind },
      };
    },
  );

  app.get(
    '/messages/:id',
    {
      config: { roles: ['back_office'] },
      schema: {
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ message: messageSchema }) },
      },
    },
    async (request) => {
      const row = await findMessage(app.deps.database.db, request.params.id);
      if (!row) throw notFound('Message not found');
      const [shown] = await messagesForLog(app.deps.database.db, [row]);
      return { message: toMessage(shown!) };
    },
  );

  app.get(
    '/messages/provider',
    {
      config: { roles: ['back_office'] },
      schema: { response: { 200: providerStateSchema } },
    },
    async () => {
      const { adapters, config } = app.deps;
      return {
        sms: {
          provider: adapters.sms.kind,
          sender: adapters.sms.kind === 'twilio' ? (config.TWILIO_FROM ?? null) : null,
          statusCallbackUrl: `${config.PUBLIC_URL}${smsStatusCallbackPath}`,
        },
        email: { provider: adapters.mail.kind },
      };
    },
  );

  app.get(
    '/messages/templates',
    {
      config: { roles: ['back_office'] },
      schema: { response: { 200: listTemplatesResponseSchema } },
    },
    async () => ({ templates: await listTemplates(app.deps.database.db) }),
  );

  app.put(
    '/messages/templates/:kind/:channel',
    {
      config: { roles: ['back_office'] },
      schema: {
        params: z.object({ kind: z.enum(templateKinds), channel: z.enum(templateChannels) }),
        body: saveTemplateBodySchema,
        response: { 200: z.object({ template: templateSchema }) },
      },
    },
    async (request) => {
      const { kind, channel } = request.params;
      const db = app.deps.database.db;
      await saveTemplate(db, kind, channel, request.body, request.user!.id);
      const template = (await listTemplates(db)).find(
        (t) => t.kind === kind && t.channel === channel,
      )!;
      return { template };
    },
  );

  app.post(
    '/messages/templates/preview',
    {
      config: { roles: ['back_office'] },
      schema: { body: previewTemplateBodySchema, response: { 200: previewTemplateResponseSchema } },
    },
    async (request) => {
      const { kind, channel, subject, body, orderId } = request.body;
      checkTemplate(kind, channel, {
        subject: subject ?? (channel === 'email' ? '-' : null),
        body: body || '-',
      });
      const values = await previewValues(app.deps, orderId);
      const rendered = renderTemplate(body, values);
      return {
        subject: channel === 'email' ? renderTemplate(subject ?? '', values) : null,
        body: rendered,
        sms: channel === 'sms' ? smsLength(rendered) : null,
      };
    },
  );

  app.post(
    '/messages/test',
    {
      config: { roles: ['back_office'] },
      schema: {
        body: testMessageBodySchema,
        response: { 200: z.object({ message: messageSchema }) },
      },
    },
    async (request) => {
      const { channel, to } = request.body;
      const text = await templateText(app.deps.database.db, 'test_message', channel);
      const values = await companySender(app.deps.database.db);
      const row = await queueMessage(app.deps, {
        channel,
        kind: 'test_message',
        to,
        subject: channel === 'email' ? renderTemplate(text.subject ?? '', values) : undefined,
        body: renderTemplate(text.body, values),
      });
      const [shown] = await messagesForLog(app.deps.database.db, [row]);
      return { message: toMessage(shown!) };
    },
  );

  app.post(
    '/messages/:id/resend',
    {
      config: { roles: ['back_office'] },
      schema: {
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ message: messageSchema }) },
      },
    },
    async (request) => {
      const row = await findMessage(app.deps.database.db, request.params.id);
      if (!row) throw notFound('Message not found');
      if (row.body === '') {
        throw new AppError(
          409,
          commonErrorCodes.conflict,
          'This message held a link and was blanked once delivered: resend the link from the order instead.',
        );
      }
      const copy = await queueMessage(app.deps, {
        channel: row.channel,
        kind: row.kind,
        to: row.to,
        subject: row.subject ?? undefined,
        body: row.body,
        sensitive: row.sensitive,
        relatedType: row.relatedType ?? undefined,
        relatedId: row.relatedId ?? undefined,
      });
      const [shown] = await messagesForLog(app.deps.database.db, [copy]);
      return { message: toMessage(shown!) };
    },
  );

  // The engineer sets off ("On my way" in the engineer app, queued offline with the tap's time):
  // the customer is told, with an arrival window from that time (decision 081).
  app.post(
    '/visits/:id/on-the-way',
    {
      config: { roles: ['engineer', 'back_office'] },
      schema: {
        params: z.object({ id: z.uuid() }),
        body: onTheWayBody.optional(),
        response: { 202: z.object({ ok: z.literal(true), arrivalWindow: z.string() }) },
      },
    },
    async (request, reply) => {
      const db = app.deps.database.db;
      const visit = await findVisit(db, request.params.id);
      if (!visit) throw notFound('Visit not found');
      const user = request.user!;
      const backOffice = [user.role, ...user.additionalRoles].includes('back_office');
      if (!backOffice && visit.engineerId !== user.id) throw forbidden();
      if (visit.status !== 'scheduled') {
        throw new AppError(409, commonErrorCodes.conflict, 'This visit is not waiting to start.');
      }
      const now = new Date();
      const tappedAt = request.body?.at ? new Date(request.body.at) : now;
      const refusal = onTheWayRefusal(tappedAt, now);
      if (refusal) throw new AppError(409, commonErrorCodes.conflict, refusal);
      await inTransaction(db, (tx) =>
        publishEvent(tx, {
          type: 'visit.on_the_way',
          aggregateType: 'visit',
          aggregateId: visit.id,
          data: { orderId: visit.orderId, actorUserId: user.id, at: tappedAt.toISOString() },
        }),
      );
      return reply.code(202).send({ ok: true, arrivalWindow: arrivalWindowWords(tappedAt) });
    },
  );
};
