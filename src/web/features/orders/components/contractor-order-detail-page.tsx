import type { ReactNode } from 'react';
import type { RouteComponentProps } from 'wouter';
import type { OrderDetail } from '@shared/orders/orders.contracts';
import { contractorOrdersArea, OrdersAreaProvider } from '../lib/orders-area';
import OrderDetailPage from './order-detail-page';

/**
 * /contractor/orders/:id (issue 12, decision 032): the order's detail for its contractor, with
 * the moves the lifecycle allows it (accept, decline with a reason, schedule) and the
 * installation record of its visits. Another company's order answers 404.
 */
export default function ContractorOrderDetailPage(
  props: RouteComponentProps & {
    /** The notes shared with the contractor, from the order-notes area (the app composes it). */
    notes?: (order: OrderDetail) => ReactNode;
  },
) {
  return (
    <OrdersAreaProvider area={contractorOrdersArea}>
      <OrderDetailPage {...props} />
    </OrdersAreaProvider>
  );
}
