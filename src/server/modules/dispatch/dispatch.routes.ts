import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@shared/schema/common.contracts';
import {
  boardQuery,
  boardResponse,
  calendarQuery,
  calendarResponse,
  daySheetQuery,
  daySheetResponse,
  mapResponse,
  moveVisitBody,
  placementResponse,
  scheduleOrderBody,
  unscheduleVisitBody,
} from '@shared/dispatch/dispatch.contracts';
import { viewerOf } from '../orders/orders.service';
import {
  getBoard,
  getCalendar,
  getDaySheet,
  getDispatchMap,
  moveVisit,
  moveVisitForOffice,
  scheduleOrder,
  unscheduleVisit,
} from './dispatch.service';

const contractorOnly = { roles: ['contractor'] as const };
const backOfficeOnly = { roles: ['back_office'] as const };

/**
 * The contractor's dispatch board and map (issue 12): only the signed-in contractor's company,
 * another company's order, visit or engineer answers 404. A clash answers 409 with its reason;
 * a day or slot /settings does not allow, 400 on its field (decision 071).
 */
export const dispatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    '/dispatch/board',
    {
      config: contractorOnly,
      schema: { querystring: boardQuery, response: { 200: boardResponse } },
    },
    async (request) => getBoard(db(), viewerOf(request.user!), request.query.week, new Date()),
  );

  // The day sheet, printed one engineer to a page (issue 25).
  app.get(
    '/dispatch/day-sheet',
    {
      config: contractorOnly,
      schema: { querystring: daySheetQuery, response: { 200: daySheetResponse } },
    },
    async (request) => getDaySheet(db(), viewerOf(request.user!), request.query),
  );

  app.get(
    '/dispatch/map',
    { config: contractorOnly, schema: { response: { 200: mapResponse } } },
    async (request) => getDispatchMap(db(), viewerOf(request.user!)),
  );

  app.post(
    '/dispatch/orders/:id/schedule',
    {
      config: contractorOnly,
      schema: { params: idParams, body: scheduleOrderBody, response: { 200: placementResponse } },
    },
    async (request) => ({
      visit: await scheduleOrder(db(), viewerOf(request.user!), request.params.id, request.body),
    }),
  );

  app.post(
    '/dispatch/visits/:id/move',
    {
      config: contractorOnly,
      schema: { params: idParams, body: moveVisitBody, response: { 200: placementResponse } },
    },
    async (request) => ({
      visit: await moveVisit(db(), viewerOf(request.user!), request.params.id, request.body),
    }),
  );

  app.post(
    '/dispatch/visits/:id/unschedule',
    {
      config: contractorOnly,
      schema: { params: idParams, body: unscheduleVisitBody, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await unscheduleVisit(db(), viewerOf(request.user!), request.params.id, request.body.reason);
      return reply.status(204).send(null);
    },
  );

  // The back office's calendar (issue 25): every contractor's week, and moves under the same rules.
  app.get(
    '/dispatch/calendar',
    {
      config: backOfficeOnly,
      schema: { querystring: calendarQuery, response: { 200: calendarResponse } },
    },
    async (request) => getCalendar(db(), request.query, new Date()),
  );

  app.post(
    '/dispatch/calendar/visits/:id/move',
    {
      config: backOfficeOnly,
      schema: { params: idParams, body: moveVisitBody, response: { 200: placementResponse } },
    },
    async (request) => ({
      visit: await moveVisitForOffice(
        db(),
        viewerOf(request.user!),
        request.params.id,
        request.body,
      ),
    }),
  );
};
