import type { RouteComponentProps } from 'wouter';
import { OrderMessagesSection } from '@web/features/messages/components/order-messages-section';
import OrderDetailPage from '@web/features/orders/components/order-detail-page';

/** /orders/:id: the order with the messages area's list of what was sent about it. */
export default function OrderRoute(props: RouteComponentProps) {
  return (
    <OrderDetailPage
      {...props}
      messages={(orderId) => <OrderMessagesSection orderId={orderId} />}
    />
  );
}
