import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createOrderNoteBody,
  mentionablesResponse,
  orderNoteSchema,
  orderNotesResponse,
} from '@shared/order-notes/order-notes.contracts';
import { viewerOf } from '../orders/orders.service';
import { addOrderNote, listMentionables, listOrderNotes } from './order-notes.service';

// Issue 25 (decision 080): back office and the order's contractor; engineers and customers are
// refused by role, and no partner API key opens a session route.
const config = { roles: ['back_office' as const, 'contractor' as const] };
const params = z.object({ id: z.uuid({ error: 'Not an order id' }) });

export const orderNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    '/orders/:id/notes',
    { config, schema: { params, response: { 200: orderNotesResponse } } },
    async (request) => listOrderNotes(db(), viewerOf(request.user!), request.params.id),
  );

  app.get(
    '/orders/:id/notes/mentionable',
    { config, schema: { params, response: { 200: mentionablesResponse } } },
    async (request) => listMentionables(db(), viewerOf(request.user!), request.params.id),
  );

  app.post(
    '/orders/:id/notes',
    {
      config,
      schema: {
        params,
        body: createOrderNoteBody,
        response: { 201: z.object({ note: orderNoteSchema }) },
      },
    },
    async (request, reply) => {
      const note = await addOrderNote(
        db(),
        viewerOf(request.user!),
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ note });
    },
  );
};
