/** A unique or foreign-key violation from either driver (pg puts it on the error, drizzle on cause). */
export function pgErrorCode(error: unknown): { code?: string; constraint?: string } {
  const e = error as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  };
  return e.cause?.code ? e.cause : e;
}

export function isUniqueViolation(error: unknown, constraint?: string) {
  const { code, constraint: name } = pgErrorCode(error);
  return code === '23505' && (!constraint || (name ?? '').includes(constraint));
}

export function isForeignKeyViolation(error: unknown) {
  return pgErrorCode(error).code === '23503';
}
