/** The body of every error answer from the API. */
export type ApiErrorBody = {
  message: string;
  code: string;
  /** Per-field messages for validation errors, keyed by the field's path (`address.postcode`). */
  details?: Record<string, string[]>;
};

export { commonErrorCodes } from './error-codes';
