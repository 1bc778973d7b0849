import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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
import type { AppDeps } from '../../app-deps';
import { type Viewer, viewerOf } from '../orders/orders.service';
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

  /** One step's write: the engineer's own open visit, the step's body, the record back. */
  function stepRoute<Body extends z.ZodType>(
    method: 'POST' | 'PUT',
    step: string,
    body: Body,
    save: (
      deps: AppDeps,
      viewer: Viewer,
      visitId: string,
      body: z.output<Body>,
    ) => Promise<z.input<typeof visitStepResponse>>,
  ) {
    app.route({
      method,
      url: `/visits/:visitId/${step}`,
      config: engineerOnly,
      schema: { params: visitIdParams, body, response: { 200: visitStepResponse } },
      handler: async (request) =>
        save(
          deps,
          viewerOf(request.user!),
          (request.params as z.output<typeof visitIdParams>).visitId,
          request.body as z.output<Body>,
        ),
    });
  }

  stepRoute('POST', 'check-in', checkInBody, checkIn);
  stepRoute('PUT', 'survey', surveyBody, saveSurvey);
  stepRoute('PUT', 'serials', serialsBody, saveSerials);
  stepRoute('PUT', 'commissioning', commissioningBody, saveCommissioning);
  stepRoute('PUT', 'sign-off', signOffBody, saveSignOff);
  stepRoute('POST', 'complete', completeBody, completeVisit);
  stepRoute('POST', 'fail', failBody, failVisit);
};
