import { z } from 'zod';
import { hasControlCharacters } from '../schema/text';

// Plain text a customer types, with the field's name in each message; the control-character
// rule is the shared one (issue 9), so the customer form refuses exactly what every route does.

export function plainText(label: string, max: number, options: { multiline?: boolean } = {}) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !hasControlCharacters(v) && (options.multiline || !/[\t\r\n]/.test(v)), {
      message: `${label} contains characters that are not allowed`,
    });
}

export function requiredText(label: string, max: number, options: { multiline?: boolean } = {}) {
  return plainText(label, max, options).refine((v) => v.length > 0, `${label} is required`);
}

/** A calendar date `YYYY-MM-DD` that exists, years 1900 to 2100 (the shared rule, issue 9). */
export { calendarDate } from '../schema/calendar-date';
