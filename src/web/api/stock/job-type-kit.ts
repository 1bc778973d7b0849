import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { kitSchema, putKitBody } from '@shared/stock/stock.contracts';
import { getJson, sendJson } from '@web/lib/api-client';
import { stockKeys } from './keys';

export type JobTypeKit = z.infer<typeof kitSchema>;
export type PutKitBody = z.infer<typeof putKitBody>;

/** GET /api/stock/job-types/:jobTypeId/kit: the products and quantities a job type needs. */
export function fetchJobTypeKit(jobTypeId: string) {
  return getJson<JobTypeKit>(`/api/stock/job-types/${jobTypeId}/kit`);
}

export const jobTypeKitQuery = (jobTypeId: string) =>
  queryOptions({
    queryKey: stockKeys.jobTypeKit(jobTypeId),
    queryFn: () => fetchJobTypeKit(jobTypeId),
    enabled: jobTypeId !== '',
  });

export function useJobTypeKit(jobTypeId: string) {
  return useQuery(jobTypeKitQuery(jobTypeId));
}

/** PUT /api/stock/job-types/:jobTypeId/kit: replaces the job type's kit. */
export function putJobTypeKit(jobTypeId: string, body: PutKitBody) {
  return sendJson<JobTypeKit>('PUT', `/api/stock/job-types/${jobTypeId}/kit`, body);
}

export function useSaveJobTypeKit(jobTypeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutKitBody) => putJobTypeKit(jobTypeId, body),
    onSuccess: (kit) => queryClient.setQueryData(stockKeys.jobTypeKit(jobTypeId), kit),
  });
}
