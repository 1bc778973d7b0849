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
