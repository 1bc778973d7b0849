import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@shared/schema/common.contracts';
import {
  kitTransitions,
  lifecycleActions,
  statusTransitions,
  type LifecycleAction,
} from '@shared/orders/order-lifecycle';
import {
  createOrderBody,
  orderActionEndpoints,
  orderDetail,
  orderListQuery,
  orderListResponse,
  orderNumberParams,
  updateOrderBody,
} from '@shared/orders/orders.contracts';
import type { Role } from '@shared/roles';
import { listPaging } from '../../db/keyset';
import { viewerOf } from './order-access';
import { undoLastChange } from './order-undo.service';
import {
  createOrder,
  exportOrdersCsv,
  getOrderDetail,
  getOrderDetailByNumber,
  listOrdersForViewer,
  canSeeOrder,
  performOrderAction,
  updateOrder,
} from './orders.service';

const staffReaders = ['back_office', 'contractor', 'engineer'] as const satisfies readonly Role[];

/** The staff roles that may call an action's endpoint: those whose actor appears in its rows. */
export function rolesForAction(action: LifecycleAction): Role[] {
  const rows = [...statusTransitions, ...kitTransitions].filter((row) => row.action === action);
  const roles = new Set<Role>();
  for (const row of rows) {
    for (const actor of row.actors) {
      if (actor === 'back_office' || actor === 'contractor' || actor === 'engineer')
        roles.add(actor);
    }
  }
  return [...roles];
}

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const paging = listPaging(app.deps.config);

  app.get(
    '/orders',
    {
      config: { roles: staffReaders },
      schema: { querystring: orderListQuery, response: { 200: orderListResponse } },
    },
    async (request) => listOrdersForViewer(db(), paging, request.query, viewerOf(request.user!)),
  );

  app.get(
    '/orders/export.csv',
    { config: { roles: ['back_office', 'contractor'] }, schema: { querystring: orderListQuery } },
    async (request, reply) => {
      const csv = await exportOrdersCsv(db(), request.query, viewerOf(request.user!));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/orders/by-number/:orderNumber',
    {
      config: { roles: staffReaders },
      schema: { params: orderNumberParams, response: { 200: orderDetail } },
    },
    async (request) =>
      getOrderDetailByNumber(db(), request.params.orderNumber, viewerOf(request.user!)),
  );

  app.get(
    '/orders/:id',
    {
      config: { roles: staffReaders },
      schema: { params: idParams, response: { 200: orderDetail } },
    },
    async (request) => getOrderDetail(db(), request.params.id, viewerOf(request.user!)),
  );

  app.post(
    '/orders',
    {
      config: { roles: ['back_office'] },
      schema: { body: createOrderBody, response: { 201: orderDetail } },
    },
    async (request, reply) => {
      const viewer = viewerOf(request.user!);
      const { id } = await createOrder(db(), request.body, { kind: 'user', viewer });
      return reply.status(201).send(await getOrderDetail(db(), id, viewer));
    },
  );

  app.patch(
    '/orders/:id',
    {
      config: { roles: ['back_office'] },
      schema: { params: idParams, body: updateOrderBody, response: { 200: orderDetail } },
    },
    async (request) => {
      const viewer = viewerOf(request.user!);
      await updateOrder(db(), request.params.id, request.body, viewer);
      return getOrderDetail(db(), request.params.id, viewer);
    },
  );

  // Undo (issue 25): the last change this user made, within seconds of making it.
  app.post(
    '/orders/:id/undo',
    {
      config: { roles: ['back_office', 'contractor'] },
      schema: { params: idParams, response: { 200: orderDetail, 204: z.null() } },
    },
    async (request, reply) => {
      const viewer = viewerOf(request.user!);
      await undoLastChange(db(), request.params.id, viewer);
      if (!(await canSeeOrder(db(), viewer, request.params.id)))
        return reply.status(204).send(null);
      return getOrderDetail(db(), request.params.id, viewer);
    },
  );

  for (const action of lifecycleActions) {
    const endpoint = orderActionEndpoints[action];
    app.post(
      `/orders/:id/${endpoint.path}`,
      {
        config: { roles: rolesForAction(action) },
        schema: {
          params: idParams,
          // An action without fields may be posted with no body at all.
          body: z.preprocess((value) => value ?? {}, endpoint.body) as z.ZodType<
            Record<string, unknown>
          >,
          response: { 200: orderDetail, 204: z.null() },
        },
      },
      async (request, reply) => {
        const viewer = viewerOf(request.user!);
        await performOrderAction(db(), request.params.id, action, request.body ?? {}, {
          kind: 'user',
          viewer,
        });
        // A contractor that declines no longer sees the order: 204 with no body.
        if (!(await canSeeOrder(db(), viewer, request.params.id)))
          return reply.status(204).send(null);
        return getOrderDetail(db(), request.params.id, viewer);
      },
    );
  }
};
