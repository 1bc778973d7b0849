import type { Database } from '../../db/client';
import type { ListPaging } from '../../db/keyset';
import type { OrderListFilters, OrderListResponse } from '@shared/orders/orders.contracts';
import type { Viewer } from './order-access';
import { toListItem } from './order-views';
import { listOrders } from './projections/order-summary.projection';

export async function listOrdersForViewer(
  db: Database,
  paging: ListPaging,
  filters: OrderListFilters,
  viewer: Viewer,
  now = new Date(),
): Promise<OrderListResponse> {
  const { rows, total, totalIsEstimate, totalIsLowerBound, nextCursor, prevCursor } =
    await listOrders(db, filters, viewer, now, paging);
  return {
    items: rows.map((row) => toListItem(row, viewer, now)),
    total,
    totalIsEstimate,
    totalIsLowerBound,
    page: filters.page,
    pageSize: filters.pageSize,
    nextCursor,
    prevCursor,
  };
}
