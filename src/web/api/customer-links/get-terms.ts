import { useQuery } from '@tanstack/react-query';
import type { TermsPage } from '@shared/customer-links/terms.contracts';
import { getJson } from '@web/lib/api-client';
import { customerLinkKeys } from './keys';

/** GET /api/public/terms (public): the terms of installation and who they are with. */
export function useTerms() {
  return useQuery({
    queryKey: customerLinkKeys.terms,
    queryFn: () => getJson<TermsPage>('/api/public/terms'),
    staleTime: Infinity,
  });
}
