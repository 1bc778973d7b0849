import type { ContractorReportQuery } from '@shared/contractor-portal/contractor-portal.contracts';

export const contractorPortalKeys = {
  all: ['/api/contractor-portal'] as const,
  dashboard: ['/api/contractor-portal', 'dashboard'] as const,
  report: (query: ContractorReportQuery) => ['/api/contractor-portal', 'reports', query] as const,
};
