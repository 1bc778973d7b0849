import type { ZodError } from 'zod';

/** A zod error as one message per top-level field (the first one). */
export function fieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A number typed in a field: NaN (refused by the schema) when empty or not a number. */
export function toNumber(value: string): number {
  return value.trim() === '' ? Number.NaN : Number(value.replace(',', '.'));
}
