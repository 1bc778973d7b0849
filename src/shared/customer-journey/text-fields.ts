import { z } from 'zod';

// Plain text a customer types, refused when it carries control characters (the safe text types
// of issue 9 may replace these when they land in src/shared).
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function plainText(label: string, max: number, options: { multiline?: boolean } = {}) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !controlChars.test(v) && (options.multiline || !/[\r\n]/.test(v)), {
      message: `${label} contains characters that are not allowed`,
    });
}

export function requiredText(label: string, max: number, options: { multiline?: boolean } = {}) {
  return plainText(label, max, options).refine((v) => v.length > 0, `${label} is required`);
}

/** A calendar date `YYYY-MM-DD` that exists. */
export const calendarDate = z
  .string({ error: 'Choose a date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'Choose a real date');
