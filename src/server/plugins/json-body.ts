import type { FastifyInstance } from 'fastify';
import { commonErrorCodes } from '@shared/error-codes';
import { AppError } from '../errors';

/** No contract nests deeper than a few levels; 64 leaves room and stops a 5,000-level body. */
export const maxJsonDepth = 64;

/**
 * How deep `[` and `{` nest in JSON text, counted without parsing (strings skipped), stopping as
 * soon as `limit` is passed: linear time, constant stack, whatever the input.
 */
export function jsonNestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return false;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused), behind a depth check, so a deeply
 * nested body is answered 400 before validation, the idempotency fingerprint or anything else
 * walks it (issue 18). Register on the root instance before any route.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestingExceeds(body as string, maxJsonDepth)) {
      done(
        new AppError(
          400,
          commonErrorCodes.bodyTooDeep,
          `The JSON body is nested more than ${maxJsonDepth} levels deep`,
        ),
        undefined,
      );
      return;
    }
    parseJson(request, body as string, done);
  });
}
