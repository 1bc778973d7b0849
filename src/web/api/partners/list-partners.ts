import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { partnerListResponse } from '@shared/partners/partners.contracts';
import { getJson } from '@web/lib/api-client';
import { partnerKeys } from './keys';

export type PartnerList = z.infer<typeof partnerListResponse>;

/** GET /api/partners: for the partner filter and the create form. */
export function fetchPartners(): Promise<PartnerList> {
  return getJson<PartnerList>('/api/partners');
}

export const partnersQuery = queryOptions({
  queryKey: partnerKeys.all,
  queryFn: fetchPartners,
});

export function usePartners({ enabled = true } = {}) {
  return useQuery({ ...partnersQuery, enabled });
}
