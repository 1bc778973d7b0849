import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { commonErrorCodes, isErrorCode, isFastifyErrorCode } from '@shared/error-codes';
import type { ProblemDetails } from '@shared/partner-api/v1.contracts';
import { AppError } from '../../errors';

// RFC 9457 problem details: every error of /api/v1 answers `application/problem+json` with
// type, title, status, detail and our stable `code` (issue 14).

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
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

/** Scoped to /api/v1: its errors and unknown paths answer problem details. */
export function useProblemDetails(app: FastifyInstance) {
  if (!app.hasRequestDecorator('problemCode')) app.decorateRequest('problemCode', null);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    return sendProblem(reply, toProblem(error, request));
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      problem(
        404,
        commonErrorCodes.notFound,
        `No such call: ${request.method} ${request.url.split('?')[0]}`,
        {
          instance: request.id,
        },
      ),
    ),
  );
}
