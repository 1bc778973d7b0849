import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { commonErrorCodes, isErrorCode, isFastifyErrorCode } from '@shared/error-codes';
import type { ProblemDetails } from '@shared/partner-api/v1.contracts';
import { AppError } from '../errors';

// RFC 9457 problem details: every error of /api/v1 answers `application/problem+json` with
// type, title, status, detail and our stable `code` (issue 14). HTTP plumbing beside the error
// handler, not inside the partner-api module: the IP block and the framework's routing errors
// answer /api/v1 requests before any of the module's code runs.

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  414: 'URI Too Long',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** A URN per code: stable, and never mistaken for a page that might move. */
export const problemType = (code: string) =>
  `urn:uplink:problem:${code.toLowerCase().replaceAll('_', '-')}`;

export function problem(
  status: number,
  code: string,
  detail: string,
  extra: Partial<ProblemDetails> = {},
): ProblemDetails {
  return {
    type: problemType(code),
    title: titles[status] ?? 'Error',
    status,
    detail,
    code,
    ...extra,
  };
}

export function sendProblem(reply: FastifyReply, body: ProblemDetails) {
  reply.request.problemCode = body.code;
  return reply.status(body.status).type('application/problem+json').send(body);
}

// Module augmentation needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    /** The problem's code, for the request log. */
    problemCode: string | null;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

function toProblem(error: FastifyError, request: FastifyRequest): ProblemDetails {
  const instance = request.id;
  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    const existing = error.details?.existingOrderNumber?.[0];
    if (existing)
      return problem(error.statusCode, error.code, error.message, {
        instance,
        existingOrderNumber: existing,
      });
    return problem(error.statusCode, error.code, error.message, {
      instance,
      ...(error.details ? { errors: error.details } : {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      (errors[field] ??= []).push(issue.message ?? 'Invalid value');
    }
    const first = Object.entries(errors)[0];
    const detail = first
      ? `${first[0] === '_' ? 'Request' : first[0]}: ${first[1][0]}`
      : 'Invalid request';
    return problem(400, commonErrorCodes.validation, detail, { instance, errors });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'partner API request failed');
    return problem(500, commonErrorCodes.internal, 'Something went wrong on our side', {
      instance,
    });
  }
  const code =
    status === 429
      ? commonErrorCodes.rateLimited
      : isFastifyErrorCode(error.code) || isErrorCode(error.code)
        ? error.code
        : commonErrorCodes.badRequest;
  return problem(status, code, error.message, { instance });
}

/** Whether a request's URL is the partner API's (issue 18: its every answer is a problem). */
export function isPartnerApiUrl(url: string): boolean {
  return /^\/api\/v1(?:[/?#]|$)/.test(url);
}

type RoutePattern = { methods: string[]; pattern: RegExp };

/** `/orders/:orderNumber/cancel` → a regular expression for the paths it answers. */
function patternOf(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) =>
      part === '*'
        ? '.*'
        : part.startsWith(':')
          ? '[^/]+'
          : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

/** The methods that answer `path`, from the scope's own routes; empty for an unknown path. */
function allowedMethods(routes: RoutePattern[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.pattern.test(path)) for (const method of route.methods) methods.add(method);
  }
  return [...methods].sort();
}

/**
 * Scoped to /api/v1: its errors, unknown paths and wrong methods answer problem details; a
 * wrong method on a known path is 405 with `Allow`, an unknown path 404.
 *
 * The scope answers every path under it itself (a catch-all route), not only through its
 * not-found handler: with a web build present, the web app's `/*` route would otherwise take
 * an unknown `/api/v1/…` path and answer it with the app's plain JSON 404 (issue 18).
 */
export function useProblemDetails(app: FastifyInstance) {
  if (!app.hasRequestDecorator('problemCode')) app.decorateRequest('problemCode', null);
  const routes: RoutePattern[] = [];
  const answerNoSuchCall = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    const allowed = allowedMethods(routes, path);
    if (allowed.includes(request.method)) {
      // A route takes this path, yet the router passed it by: a parameter over its length.
      return sendProblem(
        reply,
        problem(414, 'FST_ERR_MAX_PARAM_LENGTH', `A part of ${path.slice(0, 200)} is too long`, {
          instance: request.id,
        }),
      );
    }
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return sendProblem(
        reply,
        problem(
          405,
          commonErrorCodes.methodNotAllowed,
          `${path} does not take ${request.method}; it takes ${allowed.join(', ')}`,
          { instance: request.id },
        ),
      );
    }
    return sendProblem(
      reply,
      problem(404, commonErrorCodes.notFound, `No such call: ${request.method} ${path}`, {
        instance: request.id,
      }),
    );
  };
  app.addHook('onRoute', (route) => {
    if (route.handler === answerNoSuchCall) return;
    const methods = [route.method].flat().map(String);
    routes.push({ methods, pattern: patternOf(route.url) });
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    return sendProblem(reply, toProblem(error, request));
  });
  app.setNotFoundHandler(answerNoSuchCall);
  // `/` stands for both `/api/v1` and `/api/v1/` here; `/*` for everything below.
  for (const url of ['/', '/*']) {
    app.route({
      method: ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'],
      url,
      schema: { hide: true },
      handler: answerNoSuchCall,
    });
  }
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot route (bad percent-encoding, a parameter over
 * the length limit) is answered before any scope's handlers run. The partner API's still answer
 * problem details; the rest the app's `{ message, code }`.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const code = isFastifyErrorCode(error.code) ? error.code : commonErrorCodes.badRequest;
  reply.header('x-request-id', request.id).header('x-content-type-options', 'nosniff');
  if (isPartnerApiUrl(request.url)) {
    return sendProblem(reply, problem(status, code, error.message, { instance: request.id }));
  }
  return reply.status(status).send({ message: error.message, code });
}
