import { useQuery } from '@tanstack/react-query';
import type { CompanyContact } from '@shared/customer-links/customer-form.contracts';
import { getJson } from '@web/lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/public/company: the company's details and logo, for a customer's page. */
export function usePublicCompany() {
  return useQuery({
    queryKey: settingsKeys.publicCompany,
    queryFn: () => getJson<CompanyContact>('/api/public/company'),
    staleTime: 5 * 60_000,
  });
}
