/** The query string of a report: only the values given, in a stable order. */
export function reportSearch(query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `?${search}` : '';
}
