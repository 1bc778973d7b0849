import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contractorEngineerListResponse,
  contractorEngineerResponse,
  engineerIdParams,
  inviteEngineerRequest,
  updateEngineerRequest,
} from '@shared/contractor-engineers/contractor-engineers.contracts';
import { auditContext } from '../audit/audit.service';
import {
  disableCompanyEngineer,
  enableCompanyEngineer,
  inviteCompanyEngineer,
  listCompanyEngineers,
  resendCompanyInvitation,
  updateCompanyEngineer,
} from './contractor-engineers.service';

/** /contractor-management's API: a contractor's own engineers (contractor role only). */
export const contractorEngineersRoutes: FastifyPluginAsyncZod = async (app) => {
  const contractor = { roles: ['contractor'] as const };

  app.get(
    '/contractor-engineers',
    { config: contractor, schema: { response: { 200: contractorEngineerListResponse } } },
    async (request) => listCompanyEngineers(app.deps.database.db, request.user!),
  );

  app.post(
    '/contractor-engineers',
    {
      config: contractor,
      schema: { body: inviteEngineerRequest, response: { 201: contractorEngineerResponse } },
    },
    async (request, reply) => {
      const engineer = await inviteCompanyEngineer(
        app.deps,
        request.user!,
        request.body,
        auditContext(request),
      );
      return reply.status(201).send({ engineer });
    },
  );

  app.patch(
    '/contractor-engineers/:id',
    {
      config: contractor,
      schema: {
        params: engineerIdParams,
        body: updateEngineerRequest,
        response: { 200: contractorEngineerResponse },
      },
    },
    async (request) => ({
      engineer: await updateCompanyEngineer(
        app.deps,
        request.user!,
        request.params.id,
        request.body,
        auditContext(request),
      ),
    }),
  );

  const actions = {
    disable: disableCompanyEngineer,
    enable: enableCompanyEngineer,
    'resend-invitation': resendCompanyInvitation,
  } as const;

  for (const [name, action] of Object.entries(actions)) {
    app.post(
      `/contractor-engineers/:id/${name}`,
      {
        config: contractor,
        schema: { params: engineerIdParams, response: { 200: contractorEngineerResponse } },
      },
      async (request) => ({
        engineer: await action(app.deps, request.user!, request.params.id, auditContext(request)),
      }),
    );
  }
};
