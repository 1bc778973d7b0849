import { z } from 'zod';
import { optionalText, requiredText } from '../schema/common.contracts';

// Decision 057: a page that throws reports what broke to the server's log.

export const clientErrorsPath = '/api/client-errors';

/** The most of each field the server takes; the client trims to these before it sends. */
export const clientErrorLimits = {
  message: 1000,
  stack: 4000,
  route: 500,
  appVersion: 50,
  /** The whole body in bytes, refused before it is parsed: room for the fields at their limits. */
  body: 20 * 1024,
} as const;

/** POST /api/client-errors: answers 204. */
export const clientErrorReport = z.object({
  message: requiredText(clientErrorLimits.message, { multiline: true }),
  stack: optionalText(clientErrorLimits.stack, { multiline: true }),
  /** The path the page was on (no query string: it may hold a token). */
  route: requiredText(clientErrorLimits.route),
  appVersion: requiredText(clientErrorLimits.appVersion),
});
export type ClientErrorReport = z.input<typeof clientErrorReport>;
