import { safeText } from '../schema/text';

// Plain text a customer types, with the field's name in each message; the control-character
// and surrogate rules are the shared ones (issues 9, 18), so the customer form refuses exactly what every route does.

export function plainText(label: string, max: number, options: { multiline?: boolean } = {}) {
  return safeText({ error: `${label} is required`, multiline: options.multiline, trim: true }).max(
    max,
    `${label} must be at most ${max} characters`,
  );
}

export function requiredText(label: string, max: number, options: { multiline?: boolean } = {}) {
  return plainText(label, max, options).refine((v) => v.length > 0, `${label} is required`);
}

/**
 * A calendar date `YYYY-MM-DD` that exists, years 1900 to 2100 (the shared rule, issue 9); one
 * the form could not read is refused in the words people type dates in (dd/mm/yyyy, issue 24).
 */
export { typedDate } from '../schema/calendar-date';
