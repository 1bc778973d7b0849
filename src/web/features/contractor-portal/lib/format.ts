import { format, parseISO } from 'date-fns';

/** A YYYY-MM-DD date or a timestamp as 22 Nov 2026 ('—' when missing). */
export function formatDay(value: string | null | undefined): string {
  return value ? format(parseISO(value), 'd MMM yyyy') : '—';
}

/** YYYY-MM as Nov 2026. */
export function formatMonth(month: string): string {
  return format(parseISO(`${month}-01`), 'MMM yyyy');
}
