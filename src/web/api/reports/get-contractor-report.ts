import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  reportPaths,
  type ContractorReport,
  type ContractorReportQuery,
} from '@shared/reports/reports.contracts';
import { getJson } from '@web/lib/api-client';
import { reportsKeys } from './keys';
import { reportSearch } from './report-search';

/** GET /api/reports/contractors: each contractor's figures for the period (issue 22). */
export function fetchContractorReport(query: ContractorReportQuery): Promise<ContractorReport> {
  return getJson<ContractorReport>(`${reportPaths.contractors}${reportSearch(query)}`);
}

export const contractorReportOptions = (query: ContractorReportQuery) =>
  queryOptions({
    queryKey: reportsKeys.contractors(query),
    queryFn: () => fetchContractorReport(query),
    placeholderData: keepPreviousData,
  });

export function useContractorReport(query: ContractorReportQuery, enabled = true) {
  return useQuery({ ...contractorReportOptions(query), enabled });
}

/** GET /api/reports/contractors/export.csv: downloaded through a plain link. */
export const contractorReportCsvUrl = (query: ContractorReportQuery) =>
  `${reportPaths.contractorsCsv}${reportSearch(query)}`;
