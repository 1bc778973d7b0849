import { format, parseISO } from 'date-fns';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** 12345 → £123.45 */
export function formatPence(pence: number | null | undefined): string {
  return pence === null || pence === undefined ? '—' : gbp.format(pence / 100);
}

/** '123.45' → 12345; null when it is not an amount. */
export function poundsToPence(value: string): number | null {
  const trimmed = value.trim().replace(/^£/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

export function penceToPounds(pence: number): string {
  return (pence / 100).toFixed(2);
}

/** A timestamp as 22 Nov 2026, 14:05 (the browser's zone). */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? format(parseISO(iso), 'd MMM yyyy, HH:mm') : '—';
}

/** A YYYY-MM-DD date or a timestamp as 22 Nov 2026. */
export function formatDate(value: string | null | undefined): string {
  return value ? format(parseISO(value), 'd MMM yyyy') : '—';
}
