import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@shared/orders/dashboard.contracts';
import { getJson } from '@web/lib/api-client';

/** Same literal key the orders feature's mutations refresh (see orders/api/query-keys.ts). */
export const dashboardKey = ['/api/dashboard'] as const;

/** GET /api/dashboard: live counts, today's visits and recent events. */
export function fetchDashboard(): Promise<DashboardResponse> {
  return getJson<DashboardResponse>('/api/dashboard');
}

export const dashboardQuery = queryOptions({ queryKey: dashboardKey, queryFn: fetchDashboard });

export function useDashboard() {
  return useQuery(dashboardQuery);
}
