import type { ContractorReportQuery, PartnerReportQuery } from '@shared/reports/reports.contracts';

export const reportsKeys = {
  all: ['/api/reports'] as const,
  contractors: (query: ContractorReportQuery) => ['/api/reports', 'contractors', query] as const,
  partners: (query: PartnerReportQuery) => ['/api/reports', 'partners', query] as const,
};
