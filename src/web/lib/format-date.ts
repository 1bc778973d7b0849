import { format, parseISO } from 'date-fns';

// The dates every screen shows, in one place (UK order, the browser's zone).

/** A YYYY-MM-DD date or a timestamp as 22 Nov 2026 ('—' when missing). */
export function formatDate(value: string | null | undefined): string {
  return value ? format(parseISO(value), 'd MMM yyyy') : '—';
}

/** A timestamp as 22 Nov 2026, 14:05 ('—' when missing). */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? format(parseISO(iso), 'd MMM yyyy, HH:mm') : '—';
}

/** A timestamp as 22 Nov 2026, 14:05:09, to the second (logs). */
export function formatMoment(iso: string | null): string {
  return iso ? format(parseISO(iso), 'd MMM yyyy, HH:mm:ss') : '—';
}

/** YYYY-MM as Nov 2026. */
export function formatMonth(month: string): string {
  return format(parseISO(`${month}-01`), 'MMM yyyy');
}
