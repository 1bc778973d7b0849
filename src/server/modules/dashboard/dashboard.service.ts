import type { Database } from '../../db/client';
import type { DashboardResponse } from '@shared/dashboard/dashboard.contracts';
import type { Viewer } from '../orders/orders.service';
import { toEvent } from '../orders/orders.service';
import { listVisits } from '../visits/visits.service';
import { lowStockCount } from '../stock/low-stock.service';
import { xeroNeedsAttention } from '../xero/xero.service';
import {
  awaitingAssignment,
  kitCounts,
  ordersByStatus,
  recentEvents,
  slaCounts,
} from '../orders/order-counts.service';
import { londonDateOf } from '@shared/london-date';

export async function dashboard(
  db: Database,
  viewer: Viewer,
  now = new Date(),
): Promise<DashboardResponse> {
  const today = londonDateOf(now);
  const [byStatus, sla, kit, queue, visits, events, low, xero] = await Promise.all([
    ordersByStatus(db),
    slaCounts(db, now),
    kitCounts(db),
    awaitingAssignment(db),
    listVisits(db, viewer, { from: today, to: today, limit: 200 }),
    recentEvents(db, 20),
    lowStockCount(db),
    xeroNeedsAttention(db),
  ]);
  return {
    ordersByStatus: byStatus,
    sla,
    kit,
    awaitingAssignment: queue,
    todaysVisits: visits,
    lowStock: low,
    xeroNeedsAttention: xero,
    recentEvents: events.map((row) => ({
      ...toEvent(row.event, viewer),
      orderId: row.event.orderId,
      orderNumber: row.orderNumber,
    })),
  };
}
