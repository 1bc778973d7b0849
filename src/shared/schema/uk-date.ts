// Dates as a person in the UK types and reads them: dd/mm/yyyy (issue 24). The wire keeps
// YYYY-MM-DD (calendar-date.ts); this turns one into the other at the edge of a form.

/** What a date field says when it cannot read what was typed. */
export const ukDateMessage = 'Enter a date as dd/mm/yyyy, for example 01/12/2026';

/** The hint beside a date field. */
export const ukDateHint = 'dd/mm/yyyy, for example 01/12/2026';

const iso = /^(\d{4})-(\d{2})-(\d{2})$/;
// 1/12/2026, 01.12.2026, 01-12-2026, 01 12 2026; or eight digits, 01122026.
const uk = /^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{4})$/;
const digits = /^(\d{2})(\d{2})(\d{4})$/;

const two = (n: string) => n.padStart(2, '0');

/**
 * What a person typed, as YYYY-MM-DD; null when it is not a date written day, month, year
 * (a YYYY-MM-DD from a date picker is taken as it is). The shape only: whether the day exists
 * is the calendar's question (`calendarDateProblem`), so "31/02/2026" gives "2026-02-31".
 */
export function parseUkDate(text: string): string | null {
  const value = text.trim();
  if (iso.test(value)) return value;
  const match = uk.exec(value) ?? digits.exec(value);
  if (!match) return null;
  return `${match[3]}-${two(match[2]!)}-${two(match[1]!)}`;
}

/** YYYY-MM-DD as dd/mm/yyyy; anything else is given back as it is (a half-typed date). */
export function formatUkDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = iso.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** True when `value` has the wire's shape, YYYY-MM-DD (whether the day exists or not). */
export const isIsoDateShape = (value: string) => iso.test(value);
