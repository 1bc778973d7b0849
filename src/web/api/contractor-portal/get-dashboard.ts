import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractorDashboard } from '@shared/contractor-portal/contractor-portal.contracts';
import { getJson } from '@web/lib/api-client';
import { contractorPortalKeys } from './keys';

/** GET /api/contractor-portal/dashboard: the company's offers, work, visits and month. */
export function fetchContractorDashboard(): Promise<ContractorDashboard> {
  return getJson<ContractorDashboard>('/api/contractor-portal/dashboard');
}

export const contractorDashboardQuery = queryOptions({
  queryKey: contractorPortalKeys.dashboard,
  queryFn: fetchContractorDashboard,
});

export function useContractorDashboard() {
  return useQuery(contractorDashboardQuery);
}
