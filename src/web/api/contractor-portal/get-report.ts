import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ContractorReport,
  ContractorReportQuery,
} from '@shared/contractor-portal/contractor-portal.contracts';
import { getJson } from '@web/lib/api-client';
import { contractorPortalKeys } from './keys';

function reportSearch(query: ContractorReportQuery): string {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** GET /api/contractor-portal/reports: visits by engineer and month, first-time fixes, payouts. */
export function fetchContractorReport(query: ContractorReportQuery): Promise<ContractorReport> {
  return getJson<ContractorReport>(`/api/contractor-portal/reports${reportSearch(query)}`);
}

export const contractorReportQuery = (query: ContractorReportQuery) =>
  queryOptions({
    queryKey: contractorPortalKeys.report(query),
    queryFn: () => fetchContractorReport(query),
    placeholderData: keepPreviousData,
  });

export function useContractorReport(query: ContractorReportQuery) {
  return useQuery(contractorReportQuery(query));
}

/** GET /api/contractor-portal/reports/export.csv: downloaded through a plain link. */
export function contractorReportCsvUrl(query: ContractorReportQuery): string {
  return `/api/contractor-portal/reports/export.csv${reportSearch(query)}`;
}
