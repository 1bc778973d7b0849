import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ApiRequestLogQuery,
  ApiRequestLogResponse,
} from '@shared/partner-api/partner-api.contracts';
import { getJson } from '@web/lib/api-client';
import { partnerApiKeys, toSearch } from './keys';

/** GET /api/partner-api/requests: the partner API's request log, newest first. */
export function fetchApiRequests(query: ApiRequestLogQuery) {
  return getJson<ApiRequestLogResponse>(`/api/partner-api/requests${toSearch(query)}`);
}

export const apiRequestsQuery = (query: ApiRequestLogQuery) =>
  queryOptions({
    queryKey: partnerApiKeys.requestList(query),
    queryFn: () => fetchApiRequests(query),
    placeholderData: keepPreviousData,
  });

export function useApiRequests(query: ApiRequestLogQuery) {
  return useQuery(apiRequestsQuery(query));
}
