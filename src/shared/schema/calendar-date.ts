import { z } from 'zod';
import { ukDateMessage } from './uk-date';

/**
 * A calendar day written YYYY-MM-DD (issue 9): the day must exist (no 2024-02-30, no 29 February
 * outside a leap year) and the year must lie in 1900–2100, which covers every date this business
 * records (orders, visits, reports) and keeps PostgreSQL's date arithmetic far from its limits.
 * See docs/decisions/021-safe-text-and-dates.md.
 */
export const calendarYearRange = { min: 1900, max: 2100 } as const;

export const calendarDateMessages = {
  format: 'Please enter a date as YYYY-MM-DD',
  impossible: 'This date does not exist; check the day and the month',
  outOfRange: `Please enter a date between ${calendarYearRange.min} and ${calendarYearRange.max}`,
} as const;

const shape = /^(\d{4})-(\d{2})-(\d{2})$/;

export type CalendarDateProblem = keyof typeof calendarDateMessages;

/** Why `value` is not an acceptable calendar date, or null when it is one. */
export function calendarDateProblem(value: string): CalendarDateProblem | null {
  const match = shape.exec(value);
  if (!match) return 'format';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return 'impossible';
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate();
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const limit = month === 2 ? (leap ? 29 : 28) : daysInMonth;
  if (day > limit) return 'impossible';
  if (year < calendarYearRange.min || year > calendarYearRange.max) return 'outOfRange';
  return null;
}

export const isCalendarDate = (value: string) => calendarDateProblem(value) === null;

function calendarDateWith(messages: Record<CalendarDateProblem, string>) {
  return z.string({ error: messages.format }).superRefine((value, ctx) => {
    const problem = calendarDateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: messages[problem] });
  });
}

/** YYYY-MM-DD, a day that exists, in 1900–2100. */
export const calendarDate = calendarDateWith(calendarDateMessages);

/**
 * A date a person types in one of our own forms (issue 24): YYYY-MM-DD on the wire like any
 * other, but the form's date field sends what was typed when it could not read it as
 * dd/mm/yyyy, so the message names the form people type in, never "YYYY-MM-DD".
 */
export const typedDate = calendarDateWith({ ...calendarDateMessages, format: ukDateMessage });
