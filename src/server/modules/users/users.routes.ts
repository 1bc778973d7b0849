import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  inviteUserRequestSchema,
  listUsersQuerySchema,
  listUsersResponseSchema,
  updateUserRequestSchema,
  userIdParamsSchema,
  userResponseSchema,
} from '@shared/users/users.contracts';
import { auditContext } from '../audit/audit.service';
import {
  disableUser,
  enableUser,
  getUser,
  inviteUser,
  listUsers,
  resendInvitation,
  resetTwoFactor,
  toUserSummary,
  updateUserDetails,
} from './users.service';

/** The /users screen's API: back office only (see src/shared/users/users.contracts.ts). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const backOffice = { roles: ['back_office'] as const };

  app.get(
    '/users',
    {
      config: backOffice,
      schema: { querystring: listUsersQuerySchema, response: { 200: listUsersResponseSchema } },
    },
    async (request) => {
      const result = await listUsers(app.deps.database.db, request.query);
      return { ...result, users: result.users.map(toUserSummary) };
    },
  );

  app.get(
    '/users/:id',
    {
      config: backOffice,
      schema: { params: userIdParamsSchema, response: { 200: userResponseSchema } },
    },
    async (request) => ({
      user: toUserSummary(await getUser(app.deps.database.db, request.params.id)),
    }),
  );

  app.post(
    '/users',
    {
      config: backOffice,
      schema: { body: inviteUserRequestSchema, response: { 201: userResponseSchema } },
    },
    async (request, reply) => {
      const { user } = await inviteUser(app.deps, request.body, auditContext(request));
      return reply.status(201).send({ user: toUserSummary(user) });
    },
  );

  app.patch(
    '/users/:id',
    {
      config: backOffice,
      schema: {
        params: userIdParamsSchema,
        body: updateUserRequestSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => {
      const user = await updateUserDetails(
        app.deps,
        request.params.id,
        request.body,
        auditContext(request),
      );
      return { user: toUserSummary(user) };
    },
  );

  const actions = {
    disable: disableUser,
    enable: enableUser,
    'reset-two-factor': resetTwoFactor,
    'resend-invitation': async (...args: Parameters<typeof resendInvitation>) =>
      (await resendInvitation(...args)).user,
  } as const;

  for (const [name, action] of Object.entries(actions)) {
    app.post(
      `/users/:id/${name}`,
      {
        config: backOffice,
        schema: { params: userIdParamsSchema, response: { 200: userResponseSchema } },
      },
      async (request) => {
        const user = await action(app.deps, request.params.id, auditContext(request));
        return { user: toUserSummary(user) };
      },
    );
  }
};
