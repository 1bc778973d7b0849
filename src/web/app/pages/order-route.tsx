import type { RouteComponentProps } from 'wouter';
import { OrderMessagesSection } from '@web/features/messages/components/order-messages-section';
import OrderDetailPage from '@web/features/orders/components/order-detail-page';
import { OrderXeroSection } from '@web/features/xero/components/order-xero-section';

/**
 * /orders/:id: the order with the messages area's list of what was sent about it, and what
 * went to Xero for it (issue 22).
 */
export default function OrderRoute(props: RouteComponentProps) {
  return (
    <OrderDetailPage
      {...props}
      messages={(orderId) => (
        <>
          <OrderMessagesSection orderId={orderId} />
          <OrderXeroSection orderId={orderId} />
        </>
      )}
    />
  );
}
