import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { assignmentQueueResponse } from '@shared/orders/orders.contracts';
import { getJson } from '@web/lib/api-client';
import { assignmentQueueKeys } from './assignment-queue-keys';

export type AssignmentQueue = z.infer<typeof assignmentQueueResponse>;

/** GET /api/assignment-queue: validated orders with no contractor, with suggestions. */
export function fetchAssignmentQueue(page: number, pageSize: number): Promise<AssignmentQueue> {
  return getJson<AssignmentQueue>(`/api/assignment-queue?page=${page}&pageSize=${pageSize}`);
}

export function assignmentQueueQuery(page: number, pageSize: number) {
  return queryOptions({
    queryKey: assignmentQueueKeys.page(page, pageSize),
    queryFn: () => fetchAssignmentQueue(page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useAssignmentQueue(page: number, pageSize: number) {
  return useQuery(assignmentQueueQuery(page, pageSize));
}
