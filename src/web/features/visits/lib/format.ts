import { londonMomentWords } from '@shared/london-date';

const date = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

export const formatDateTime = (iso: string | null | undefined) =>
  iso ? londonMomentWords(new Date(iso)) : '—';
/** A timestamp or YYYY-MM-DD as 22 November 2026. */
export const formatDate = (value: string | null | undefined) =>
  value ? date.format(new Date(value.length === 10 ? `${value}T12:00:00Z` : value)) : '—';
