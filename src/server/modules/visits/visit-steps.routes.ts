import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkInBody,
  commissioningBody,
  completeBody,
  engineerVisitsQuery,
  engineerVisitsResponse,
  failBody,
  serialsBody,
  signOffBody,
  surveyBody,
  visitIdParams,
  visitRecordSchema,
  visitStepResponse,
} from '@shared/visits/visit-record';
import { viewerOf } from '../orders/orders.service';
import { engineerVisits } from './engineer-visits.service';
import { readableVisit } from './visit-access';
import {
  checkIn,
  completeVisit,
  failVisit,
  saveCommissioning,
  saveSerials,
  saveSignOff,
  saveSurvey,
  visitRecord,
} from './visit-steps.service';

const engineerOnly = { roles: ['engineer'] as const };

/**
 * Issue 13: the engineer app's calls, one per step. Each write is the engineer's own visit
 * (others 404) and carries the device's Idempotency-Key (the outbox item id), so a replay
 * answers the first result. Every step answers the record as it now stands.
 */
export const visitStepsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const db = () => deps.database.db;

  app.get(
    '/engineer/visits',
    {
      config: engineerOnly,
      schema: { querystring: engineerVisitsQuery, response: { 200: engineerVisitsResponse } },
    },
    async (request) => engineerVisits(db(), viewerOf(request.user!), request.query),
  );

  app.get(
    '/visits/:visitId/record',
    {
      config: { roles: ['back_office', 'contractor', 'engineer'] as const },
      schema: { params: visitIdParams, response: { 200: visitRecordSchema } },
    },
    async (request) => {
      await readableVisit(db(), viewerOf(request.user!), request.params.visitId);
      return visitRecord(db(), request.params.visitId);
    },
  );

  const step = { config: engineerOnly };
  app.post(
    '/visits/:visitId/check-in',
    {
      ...step,
      schema: { params: visitIdParams, body: checkInBody, response: { 200: visitStepResponse } },
    },
    async (request) => checkIn(deps, viewerOf(request.user!), request.params.visitId, request.body),
  );
  app.put(
    '/visits/:visitId/survey',
    {
      ...step,
      schema: { params: visitIdParams, body: surveyBody, response: { 200: visitStepResponse } },
    },
    async (request) =>
      saveSurvey(deps, viewerOf(request.user!), request.params.visitId, request.body),
  );
  app.put(
    '/visits/:visitId/serials',
    {
      ...step,
      schema: { params: visitIdParams, body: serialsBody, response: { 200: visitStepResponse } },
    },
    async (request) =>
      saveSerials(deps, viewerOf(request.user!), request.params.visitId, request.body),
  );
  app.put(
    '/visits/:visitId/commissioning',
    {
      ...step,
      schema: {
        params: visitIdParams,
        body: commissioningBody,
        response: { 200: visitStepResponse },
      },
    },
    async (request) =>
      saveCommissioning(deps, viewerOf(request.user!), request.params.visitId, request.body),
  );
  app.put(
    '/visits/:visitId/sign-off',
    {
      ...step,
      bodyLimit: 1024 * 1024,
      schema: { params: visitIdParams, body: signOffBody, response: { 200: visitStepResponse } },
    },
    async (request) =>
      saveSignOff(deps, viewerOf(request.user!), request.params.visitId, request.body),
  );
  app.post(
    '/visits/:visitId/complete',
    {
      ...step,
      schema: { params: visitIdParams, body: completeBody, response: { 200: visitStepResponse } },
    },
    async (request) =>
      completeVisit(deps, viewerOf(request.user!), request.params.visitId, request.body),
  );
  app.post(
    '/visits/:visitId/fail',
    {
      ...step,
      schema: { params: visitIdParams, body: failBody, response: { 200: visitStepResponse } },
    },
    async (request) =>
      failVisit(deps, viewerOf(request.user!), request.params.visitId, request.body),
  );
};
