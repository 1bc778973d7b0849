import { commonErrorCodes, type ErrorCode } from '@shared/error-codes';

/**
 * An error a module throws on purpose: it carries the HTTP status, a code the client can
 * branch on (only codes named in @shared/error-codes), and a message that is safe to show.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') =>
  new AppError(404, commonErrorCodes.notFound, message);
export const unauthenticated = (message = 'Unauthorized') =>
  new AppError(401, commonErrorCodes.unauthenticated, message);
export const forbidden = (message = 'You do not have permission to do that') =>
  new AppError(403, commonErrorCodes.forbidden, message);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);
export const badRequest = (message: string, details?: Record<string, string[]>) =>
  new AppError(400, commonErrorCodes.validation, message, details);

const shapeWords: Record<string, string> = {
  object: 'a JSON object',
  array: 'a JSON list',
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  null: 'null',
};
const describeShape = (value: unknown) =>
  shapeWords[value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value] ??
  'something else';

/**
 * The words for a request body that is not the shape a route expects at all (issue 18: `null`,
 * `[]`, `0` or `""` where an object is due): what was expected and what came.
 */
export function wrongBodyShapeMessage(expected: string, received: unknown) {
  return `The request body must be ${shapeWords[expected] ?? expected}, not ${describeShape(received)}`;
}
