import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  reportPaths,
  type PartnerReport,
  type PartnerReportQuery,
} from '@shared/reports/reports.contracts';
import { getJson } from '@web/lib/api-client';
import { reportsKeys } from './keys';
import { reportSearch } from './report-search';

/** GET /api/reports/partners: each partner's figures for the period (issue 22). */
export function fetchPartnerReport(query: PartnerReportQuery): Promise<PartnerReport> {
  return getJson<PartnerReport>(`${reportPaths.partners}${reportSearch(query)}`);
}

export const partnerReportOptions = (query: PartnerReportQuery) =>
  queryOptions({
    queryKey: reportsKeys.partners(query),
    queryFn: () => fetchPartnerReport(query),
    placeholderData: keepPreviousData,
  });

export function usePartnerReport(query: PartnerReportQuery, enabled = true) {
  return useQuery({ ...partnerReportOptions(query), enabled });
}

/** GET /api/reports/partners/export.csv: downloaded through a plain link. */
export const partnerReportCsvUrl = (query: PartnerReportQuery) =>
  `${reportPaths.partnersCsv}${reportSearch(query)}`;
