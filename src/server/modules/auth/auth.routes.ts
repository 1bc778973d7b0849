import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  messageResponseSchema,
  setPasswordRequestSchema,
  signedInResponseSchema,
  signupInfoResponseSchema,
  smsRequestCodeRequestSchema,
  smsRequestCodeResponseSchema,
  smsVerifyCodeRequestSchema,
  validateResetTokenQuerySchema,
  validateResetTokenResponseSchema,
  verifyTwoFactorRequestSchema,
} from '@shared/auth/auth.contracts';
import { currentUserSchema } from '@shared/auth/current-user';
import { unauthenticated } from '../../errors';
import { auditActions, auditContext, recordAudit } from '../audit/audit.service';
import { toCurrentUser } from '../users/user-lookup.service';
import { findUserById } from '../users/user-lookup.service';
import { checkPassword, recordSignIn } from './auth.service';
import {
  issueTwoFactorCode,
  requestSmsCode,
  twoFactorCodeTtlMs,
  verifySmsCode,
  verifyTwoFactorCode,
} from './codes.service';
import {
  findValidToken,
  invalidToken,
  requestPasswordReset,
  setPasswordWithToken,
} from './password-tokens.service';
import { clearSessionCookie, cookieIsSecure, deleteSession, startSession } from './session.service';
import { getTwoFactorPolicy } from '../settings/settings.service';

/** Rate limits per address (issue 3): loose enough for people, tight enough for scripts. */
export const authRateLimits = {
  signIn: { max: 30, timeWindow: '1 minute' },
  code: { max: 30, timeWindow: '1 minute' },
  smsRequest: { max: 10, timeWindow: '1 minute' },
  email: { max: 10, timeWindow: '1 minute' },
  light: { max: 120, timeWindow: '1 minute' },
} as const;

/** The pending two-factor sign-in: binds the emailed code to the browser that asked for it. */
export const twoFactorCookieName = 'uplink_2fa';

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

  // The second factor is the emailed code, which needs no set-up: the role's policy (/settings)
  // decides whether it is asked: never (off), as the user chose (optional), always (required).
  const asksSecondFactor = async (user: { role: string; twoFactorMethod: string }) => {
    const policy = await getTwoFactorPolicy(db(), user.role);
    return policy === 'required' || (policy === 'optional' && user.twoFactorMethod === 'email');
  };

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
      if (await asksSecondFactor(user)) {
        const pending = await issueTwoFactorCode(app.deps, user, context);
        reply.setCookie(twoFactorCookieName, pending.attemptToken, {
          path: '/api/auth',
          httpOnly: true,
          sameSite: 'lax',
          secure: cookieIsSecure(config),
          maxAge: twoFactorCodeTtlMs / 1000,
        });
        return {
          requiresTwoFactor: true as const,
          user: null,
          email: user.email,
          message: 'Please check your email for the verification code.',
        };
      }
      await startSession(request, reply, db(), config, user.id);
      await recordSignIn(app.deps, user, { ...context, actorUserId: user.id }, 'password');
      return { requiresTwoFactor: false as const, user: toCurrentUser(user) };
    },
  );

  app.post(
    '/auth/verify-2fa',
    {
      config: { public: true, rateLimit: authRateLimits.code },
      schema: { body: verifyTwoFactorRequestSchema, response: { 200: signedInResponseSchema } },
    },
    async (request, reply) => {
      const context = auditContext(request);
      const user = await verifyTwoFactorCode(
        app.deps,
        {
          email: request.body.email,
          code: request.body.code,
          attemptToken: request.cookies[twoFactorCookieName] ?? null,
        },
        context,
      );
      reply.clearCookie(twoFactorCookieName, { path: '/api/auth' });
      // A new session id after the second factor (rotation).
      await startSession(request, reply, db(), config, user.id);
      await recordSignIn(app.deps, user, { ...context, actorUserId: user.id }, 'email_code');
      return { user: toCurrentUser(user) };
    },
  );

  app.post(
    '/auth/sms/request-code',
    {
      config: { public: true, rateLimit: authRateLimits.smsRequest },
      schema: {
        body: smsRequestCodeRequestSchema,
        response: { 200: smsRequestCodeResponseSchema },
      },
    },
    async (request) => requestSmsCode(app.deps, request.body.phone, auditContext(request)),
  );

  app.post(
    '/auth/sms/verify-code',
    {
      config: { public: true, rateLimit: authRateLimits.code },
      schema: { body: smsVerifyCodeRequestSchema, response: { 200: signedInResponseSchema } },
    },
    async (request, reply) => {
      const context = auditContext(request);
      const user = await verifySmsCode(app.deps, request.body, context);
      await startSession(request, reply, db(), config, user.id);
      await recordSignIn(app.deps, user, { ...context, actorUserId: user.id }, 'sms_code');
      return { user: toCurrentUser(user) };
    },
  );

  app.get(
    '/validate-reset-token',
    {
      config: { public: true, rateLimit: authRateLimits.code },
      schema: {
        querystring: validateResetTokenQuerySchema,
        response: { 200: validateResetTokenResponseSchema },
      },
    },
    async (request) => {
      const found = await findValidToken(db(), request.query.token);
      if (!found) throw invalidToken();
      const { user } = found;
      return {
        user: {
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          role: user.role,
          companyName: user.companyName,
        },
        purpose: found.token.purpose,
      };
    },
  );

  app.post(
    '/set-password',
    {
      config: { public: true, rateLimit: authRateLimits.code },
      schema: { body: setPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await setPasswordWithToken(app.deps, request.body, auditContext(request));
      return { message: 'Your password has been set. You can now sign in.' };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { public: true, rateLimit: authRateLimits.email },
      schema: { body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await requestPasswordReset(app.deps, request.body.email, auditContext(request));
      return {
        message:
          'If an account exists for that email address, we have sent a link to set a new password.',
      };
    },
  );

  app.get(
    '/auth/signup-info',
    {
      config: { public: true, rateLimit: authRateLimits.light },
      schema: { response: { 200: signupInfoResponseSchema } },
    },
    async () => ({ signupUrl: config.SIGNUP_URL ?? null }),
  );

  async function endSession(request: Parameters<typeof auditContext>[0]) {
    const user = request.user;
    if (!user) return;
    await deleteSession(db(), user.sessionId);
    await recordAudit(db(), {
      ...auditContext(request),
      action: auditActions.signOut,
      targetType: 'user',
      targetId: user.id,
    });
  }

  app.post(
    '/auth/logout',
    {
      config: { public: true, rateLimit: authRateLimits.light },
      schema: { response: { 200: logoutResponseSchema } },
    },
    async (request, reply) => {
      await endSession(request);
      clearSessionCookie(reply, config);
      return { message: 'Logged out' };
    },
  );

  // spec §7: the Sign Out button navigates here; end the session and go to the login page.
  app.get(
    '/logout',
    { config: { public: true, rateLimit: authRateLimits.light } },
    async (request, reply) => {
      // Issue 9: SameSite=Lax sends the cookie on a top-level navigation from another site, so
      // a link elsewhere could sign people out. Such a request shows the signed-in page instead.
      if (request.headers['sec-fetch-site'] === 'cross-site') return reply.redirect('/', 303);
      await endSession(request);
      clearSessionCookie(reply, config);
      return reply.redirect('/login', 303);
    },
  );
};
