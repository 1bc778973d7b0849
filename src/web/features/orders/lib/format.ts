import { format, parseISO } from 'date-fns';

/** A timestamp as 22 Nov 2026, 14:05 (the browser's zone). */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? format(parseISO(iso), 'd MMM yyyy, HH:mm') : '—';
}

/** A YYYY-MM-DD date or a timestamp as 22 Nov 2026. */
export function formatDate(value: string | null | undefined): string {
  return value ? format(parseISO(value), 'd MMM yyyy') : '—';
}
