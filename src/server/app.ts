import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps, AppDepsWithoutLog } from './app-deps';
import { apiRoutes } from './api';
import { auditSubscribers } from './modules/audit/audit.subscribers';
import { messagesSubscribers } from './modules/messages/messages.subscribers';
import { webhooksSubscribers } from './modules/webhooks/webhooks.subscribers';
import { stockSubscribers } from './modules/stock/stock.subscribers';
import { xeroSubscribers } from './modules/xero/xero.subscribers';
import { notificationsSubscribers } from './modules/notifications/notifications.subscribers';
import { healthRoutes } from './modules/health/health.routes';
import { mapTileOrigin, refreshMapTileOrigin } from './modules/settings/settings.service';
import { answerFrameworkError } from './plugins/problem-details';
import { partnerApiV1Routes } from './modules/partner-api/v1.routes';
import { errorHandlerPlugin } from './plugins/error-handler';
import { ipBlockPlugin } from './plugins/ip-block';
import { cspNonceOf } from './plugins/csp-nonce';
import { securityHeadersPlugin } from './plugins/security-headers';
import { registerJsonBodyParser } from './plugins/json-body';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { collectRoutes } from './plugins/route-registry';
import { webAppPlugin } from './plugins/web-app';
import { maintenancePlugin } from './modules/backup/maintenance.routes';

export type BuildAppOptions = AppDepsWithoutLog & {
  logger?: FastifyServerOptions['logger'];
  /** Where the built web app lives; defaults to dist/web. */
  webDistDir?: string;
};

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Secrets a request carries never reach a log line (issue 14: API keys in `Authorization`),
 * even if a serializer or a debug statement logs the headers.
 */
export const logRedaction = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["idempotency-key"]',
    'headers.authorization',
    'headers.cookie',
    // Xero's tokens (issue 22): never logged by our code; should an object holding them be.
    'access_token',
    'refresh_token',
    'accessToken',
    'refreshToken',
    '*.access_token',
    '*.refresh_token',
    '*.accessToken',
    '*.refreshToken',
  ],
  censor: '[redacted]',
};

/**
 * The request line as logged, with the OAuth `code` and `state` of Xero's redirect back
 * (/api/xero/callback) blanked: a code is a credential until it is exchanged (issue 22).
 */
export const logSerializers = {
  req(request: { method: string; url: string; host?: string; ip?: string }) {
    return {
      method: request.method,
      url: request.url.replace(/([?&](?:code|state)=)[^&]*/g, '$1[redacted]'),
      host: request.host,
      remoteAddress: request.ip,
    };
  },
};

/** Builds the whole application without listening, so tests can call `app.inject()`. */
export async function buildApp(options: BuildAppOptions) {
  const { logger, webDistDir, ...startDeps } = options;
  const app = Fastify({
    logger: logger ?? {
      level: startDeps.config.LOG_LEVEL,
      redact: logRedaction,
      serializers: logSerializers,
    },
    trustProxy: startDeps.config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming)
        ? incoming
        : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    // A request arriving on an open connection while the server closes is served (with
    // `Connection: close`), not refused with a 503: a rolling restart loses none (decision 084).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  collectRoutes(app);
  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  const deps: AppDeps = { ...startDeps, log: app.log };
  app.decorate('deps', deps);
  // Hooks that await nothing take Fastify's callback form: an async one costs every request a
  // promise and a turn of the microtask queue (decision 089).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // Draining: each connection ends after its answer, so its next request goes elsewhere.
    if (deps.state.draining) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(errorHandlerPlugin);
  // While a restore runs, every other request answers 503 (issue 21).
  await app.register(maintenancePlugin);
  // The dispatch map's tiles come from the tile server in the settings (decision 035): a page
  // load re-reads its origin (cached briefly) before the CSP below is written.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/')) return done();
    refreshMapTileOrigin(deps.database.db).then(
      () => done(),
      () => done(),
    );
  });
  await app.register(securityHeadersPlugin, {
    // The web app is served from the same origin; inline styles come from Radix primitives.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', () => mapTileOrigin()],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // A fresh nonce per response (issue 18); the HTML pages carry the same one.
        scriptSrc: ["'self'", (_request, response) => `'nonce-${cspNonceOf(response)}'`],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    hsts: deps.config.PUBLIC_URL.startsWith('https://'),
  });
  await app.register(cookie, { secret: deps.config.SESSION_SECRET });
  await app.register(ipBlockPlugin);

  // Modules that react to domain events subscribe as they register (docs/decisions/014).
  await app.register(auditSubscribers);
  await app.register(messagesSubscribers);
  await app.register(webhooksSubscribers);
  await app.register(stockSubscribers);
  await app.register(xeroSubscribers);
  await app.register(notificationsSubscribers);

  await app.register(healthRoutes);
  // The partner API: API keys only, beside (not inside) the app's session-guarded /api scope.
  await app.register(partnerApiV1Routes, { prefix: '/api/v1' });
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(webAppPlugin, { distDir: webDistDir });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
