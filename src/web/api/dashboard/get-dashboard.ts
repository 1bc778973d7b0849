import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@shared/dashboard/dashboard.contracts';
import { getJson } from '@web/lib/api-client';
import { dashboardKeys } from './keys';

/** GET /api/dashboard: live counts, today's visits and recent events. */
export function fetchDashboard(): Promise<DashboardResponse> {
  return getJson<DashboardResponse>('/api/dashboard');
}

export const dashboardQuery = queryOptions({
  queryKey: dashboardKeys.all,
  queryFn: fetchDashboard,
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
