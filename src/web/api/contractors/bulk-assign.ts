import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { bulkAssignBody, bulkAssignResponse } from '@shared/orders/orders.contracts';
import { sendJson } from '@web/lib/api-client';
import { contractorKeys } from './keys';
import { dashboardKeys } from '@web/api/dashboard/keys';
import { orderKeys } from '@web/api/orders/keys';
import { assignmentQueueKeys } from './assignment-queue-keys';

export type BulkAssignBody = z.input<typeof bulkAssignBody>;
export type BulkAssignResult = z.infer<typeof bulkAssignResponse>;

/** POST /api/assignment-queue/assign: offer one or many orders to a contractor. */
export function bulkAssign(body: BulkAssignBody): Promise<BulkAssignResult> {
  return sendJson<BulkAssignResult>('POST', '/api/assignment-queue/assign', body);
}

export function useBulkAssign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkAssign,
    onSuccess: (result) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assignmentQueueKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        // Open-order counts per contractor.
        queryClient.invalidateQueries({ queryKey: contractorKeys.lists }),
        ...result.results
          .filter((r) => r.ok)
          .map((r) => queryClient.invalidateQueries({ queryKey: orderKeys.detail(r.orderId) })),
      ]),
  });
}
