import type { Database } from '../../db/client';
import type { OrderListFilters, OrderListResponse } from '@shared/orders/orders.contracts';
import type { Viewer } from './order-access';
import { toListItem } from './order-views';
import { listOrders } from './projections/order-summary.projection';

export async function listOrdersForViewer(
  db: Database,
  filters: OrderListFilters,
  viewer: Viewer,
  now = new Date(),
): Promise<OrderListResponse> {
  const { rows, total } = await listOrders(db, filters, viewer, now);
  return {
    items: rows.map((row) => toListItem(row, viewer, now)),
    total,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}
