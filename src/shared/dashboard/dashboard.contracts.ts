import { z } from 'zod';
import { orderEventSchema } from '../orders/orders.contracts';
import { orderStatuses } from '../orders/order-status';
import { visitListItem } from '../visits/visits.contracts';

export const dashboardResponse = z.object({
  ordersByStatus: z.record(z.enum(orderStatuses), z.number().int()),
  sla: z.object({ atRisk: z.number().int(), breached: z.number().int() }),
  kit: z.object({ awaitingDispatch: z.number().int(), awaitingArrival: z.number().int() }),
  /** Validated orders with no contractor (the assignment queue). */
  awaitingAssignment: z.number().int(),
  todaysVisits: z.array(visitListItem),
  /** Product/location levels below their low-stock level (issue 20); links to lowStockPath. */
  lowStock: z.number().int().optional(),
  /** Xero documents that failed in a way a person must fix (issue 22); links to /xero-settings. */
  xeroNeedsAttention: z.number().int().optional(),
  recentEvents: z.array(orderEventSchema.extend({ orderId: z.uuid(), orderNumber: z.string() })),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
