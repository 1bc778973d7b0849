import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listMessagesQuerySchema,
  listMessagesResponseSchema,
  messageSchema,
} from '@shared/messages/messages.contracts';
import { notFound } from '../../errors';
import { findMessage, listMessages, toMessage } from './messages.service';
import { maskSpentSecrets } from './message-secrets';

export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const result = await listMessages(app.deps.database.db, request.query);
      const { adapters } = app.deps;
      return {
        messages: (await maskSpentSecrets(app.deps.database.db, result.rows)).map(toMessage),
        total: result.total,
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
      const [shown] = await maskSpentSecrets(app.deps.database.db, [row]);
      return { message: toMessage(shown!) };
    },
  );
};
