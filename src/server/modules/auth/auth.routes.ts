import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
} from '../../../shared/auth/auth.contracts';
import { currentUserSchema } from '../../../shared/auth/current-user';
import { unauthenticated } from '../../errors';
import { auditActions, auditContext, recordAudit } from '../audit/audit.service';
import { toCurrentUser } from '../users/current-user';
import { findUserById } from '../users/users.repository';
import { checkPassword, recordSignIn } from './auth.service';
import { clearSessionCookie, deleteSession, startSession } from './session.service';

/** Rate limits per address (issue 3): loose enough for people, tight enough for scripts. */
export const authRateLimits = {
  signIn: { max: 30, timeWindow: '1 minute' },
  code: { max: 30, timeWindow: '1 minute' },
  light: { max: 120, timeWindow: '1 minute' },
} as const;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const db = () => app.deps.database.db;

  app.get(
    '/auth/user',
    {
      config: { rateLimit: authRateLimits.light },
      schema: { response: { 200: currentUserSchema } },
    },
    async (request) => {
      const user = await findUserById(db(), request.user!.id);
      if (!user) throw unauthenticated();
      return toCurrentUser(user);
    },
  );

  app.post(
    '/auth/login',
    {
      config: { public: true, rateLimit: authRateLimits.signIn },
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const context = auditContext(request);
      const user = await checkPassword(
        app.deps,
        request.body.email,
        request.body.password,
        context,
      );
      await startSession(request, reply, db(), config, user.id);
      await recordSignIn(app.deps, user, { ...context, actorUserId: user.id }, 'password');
      return { requiresTwoFactor: false as const, user: toCurrentUser(user) };
    },
  );

  async function endSession(
    sessionId: string | undefined,
    userId: string | undefined,
    ip: string,
    userAgent: string | null,
  ) {
    if (!sessionId) return;
    await deleteSession(db(), sessionId);
    await recordAudit(db(), {
      actorUserId: userId ?? null,
      ip,
      userAgent,
      action: auditActions.signOut,
      targetType: 'user',
      targetId: userId ?? null,
    });
  }

  app.post(
    '/auth/logout',
    {
      config: { public: true, rateLimit: authRateLimits.light },
      schema: { response: { 200: logoutResponseSchema } },
    },
    async (request, reply) => {
      const context = auditContext(request);
      await endSession(
        request.user?.sessionId,
        request.user?.id,
        request.ip,
        context.userAgent ?? null,
      );
      clearSessionCookie(reply, config);
      return { message: 'Logged out' };
    },
  );

  // spec §7: the Sign Out button navigates here; end the session and go to the login page.
  app.get(
    '/logout',
    { config: { public: true, rateLimit: authRateLimits.light } },
    async (request, reply) => {
      const context = auditContext(request);
      await endSession(
        request.user?.sessionId,
        request.user?.id,
        request.ip,
        context.userAgent ?? null,
      );
      clearSessionCookie(reply, config);
      return reply.redirect('/login', 303);
    },
  );
};
