/** The body of every error answer from the API. */
export type ApiErrorBody = {
  message: string;
  code: string;
  /** Per-field messages for validation errors, keyed by the field's path (`address.postcode`). */
  details?: Record<string, string[]>;
};

export const commonErrorCodes = {
  validation: 'VALIDATION_ERROR',
  notFound: 'NOT_FOUND',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
} as const;
