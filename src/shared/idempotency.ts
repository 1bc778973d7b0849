// Issue 8: every state-changing /api call accepts an Idempotency-Key (decision 019).

/** The request header a client sends, and the one a replayed answer carries. */
export const idempotencyKeyHeader = 'Idempotency-Key';
export const idempotentReplayedHeader = 'Idempotent-Replayed';

/** 1 to 255 printable ASCII characters (a UUID is the usual choice). */
export const idempotencyKeyPattern = /^[\x20-\x7E]{1,255}$/;
export const idempotencyKeyMaxLength = 255;

export const idempotencyErrorCodes = {
  /** 400: the header is empty, too long or holds characters other than printable ASCII. */
  invalidKey: 'IDEMPOTENCY_KEY_INVALID',
  /** 422: the key was already used with another method, path or body. */
  keyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** 409: the first request with this key has not finished yet; retry later. */
  inProgress: 'IDEMPOTENCY_REQUEST_IN_PROGRESS',
} as const;
