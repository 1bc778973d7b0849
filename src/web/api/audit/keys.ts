import type { AuditChartsQuery, AuditFilters } from '@shared/audit/audit.contracts';

/** Cache keys of the Security Audit's calls (decision 020). */
export const auditKeys = {
  all: ['/api/audit'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, 'list', filters] as const,
  charts: (query: AuditChartsQuery) => [...auditKeys.all, 'charts', query] as const,
};

/** `?a=1&b=2` from the set values of a query object. */
export function auditSearch(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
