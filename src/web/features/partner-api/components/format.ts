/** A moment as `24 Nov 2026, 14:05:09` in the browser's time zone. */
export function formatMoment(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** One range a line; blank lines dropped. */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The tone of an HTTP status: 2xx fine, 4xx the caller's mistake, 5xx ours. */
export function statusTone(status: number) {
  if (status >= 500) return 'danger' as const;
  if (status >= 400) return 'warning' as const;
  return 'success' as const;
}
