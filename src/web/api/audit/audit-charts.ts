import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditChartsQuery, AuditChartsResponse } from '@shared/audit/audit.contracts';
import { getJson } from '@web/lib/api-client';
import { auditKeys, auditSearch } from './keys';

/** GET /api/audit/charts: sign-ins, failures, lockouts and IP blocks per day or hour. */
export function fetchAuditCharts(query: AuditChartsQuery) {
  return getJson<AuditChartsResponse>(`/api/audit/charts${auditSearch(query)}`);
}

export function auditChartsQuery(query: AuditChartsQuery) {
  return queryOptions({
    queryKey: auditKeys.charts(query),
    queryFn: () => fetchAuditCharts(query),
    placeholderData: keepPreviousData,
  });
}

export function useAuditCharts(query: AuditChartsQuery) {
  return useQuery(auditChartsQuery(query));
}
