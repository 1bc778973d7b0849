import type { OrderListQuery } from '@shared/orders/orders.contracts';
import { orderQueryString } from './list-orders';

/**
 * GET /api/orders/export.csv: the filtered list (every page) as CSV. The browser downloads it
 * through a plain link, so the session cookie goes with it and the server names the file.
 */
export function exportOrdersUrl(query: OrderListQuery): string {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  const search = orderQueryString(filters);
  return search ? `/api/orders/export.csv?${search}` : '/api/orders/export.csv';
}
