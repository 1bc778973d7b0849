import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditFilters, AuditListResponse } from '@shared/audit/audit.contracts';
import { getJson } from '@web/lib/api-client';
import { auditKeys, auditSearch } from './keys';

export const auditPageSize = 50;

/** GET /api/audit: one page of the log, newest first, after the cursor of the page before. */
export function fetchAuditPage(filters: AuditFilters, cursor?: string | null) {
  return getJson<AuditListResponse>(
    `/api/audit${auditSearch({ ...filters, limit: auditPageSize, cursor })}`,
  );
}

export function auditListQuery(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam }) => fetchAuditPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** The log's pages so far; `fetchNextPage` loads the next by its cursor. */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(auditListQuery(filters));
}
