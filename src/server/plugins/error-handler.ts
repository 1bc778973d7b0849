import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@shared/api-error';
import { commonErrorCodes, isErrorCode, isFastifyErrorCode } from '@shared/error-codes';
import { AppError, wrongBodyShapeMessage } from '../errors';

/**
 * One place turns every error into `{ message, code, details? }`: validation errors become
 * 400 with per-field details, deliberate AppErrors keep their status and code, and anything
 * else is logged and answered as a bare 500 so internals never reach the client.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { message: error.message, code: error.code };
      if (error.details) body.details = error.details;
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        const wrongShape =
          field === '_' && error.validationContext === 'body' && issue.keyword === 'invalid_type';
        const message = wrongShape
          ? wrongBodyShapeMessage(String(issue.params.expected), request.body)
          : issue.message;
        (details[field] ??= []).push(message ?? 'Invalid value');
      }
      const first = Object.entries(details)[0];
      const message = first
        ? `${first[0] === '_' ? 'Request' : first[0]}: ${first[1][0]}`
        : 'Invalid request';
      return reply
        .status(400)
        .send({ message, code: commonErrorCodes.validation, details } satisfies ApiErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({
        message: 'Internal Server Error',
        code: commonErrorCodes.internal,
      } satisfies ApiErrorBody);
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported media type, 429).
    const code =
      status === 429
        ? commonErrorCodes.rateLimited
        : isFastifyErrorCode(error.code) || isErrorCode(error.code)
          ? error.code
          : commonErrorCodes.badRequest;
    return reply.status(status).send({ message: error.message, code } satisfies ApiErrorBody);
  });
});
