import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { jobTypeListResponse } from '@shared/job-types/job-types.contracts';
import { getJson } from '@web/lib/api-client';
import { jobTypeKeys } from './keys';

export type JobTypeList = z.infer<typeof jobTypeListResponse>;

/** GET /api/job-types: names, default price and payout; the rows of a contractor's rate card. */
export function fetchJobTypes(): Promise<JobTypeList> {
  return getJson<JobTypeList>('/api/job-types');
}

export const jobTypesQuery = queryOptions({
  queryKey: jobTypeKeys.all,
  queryFn: fetchJobTypes,
});

export function useJobTypes() {
  return useQuery(jobTypesQuery);
}
