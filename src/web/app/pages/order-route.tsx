import type { RouteComponentProps } from 'wouter';
import { OrderMessagesSection } from '@web/features/messages/components/order-messages-section';
import { OrderNotesSection } from '@web/features/order-notes/components/order-notes-section';
import OrderDetailPage from '@web/features/orders/components/order-detail-page';
import { OrderXeroSection } from '@web/features/xero/components/order-xero-section';

/**
 * /orders/:id: the order with the messages area's list of what was sent about it, what went
 * to Xero for it (issue 22), and the order-notes area's internal thread (issue 25).
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
      notes={(order) => (
        <OrderNotesSection
          orderId={order.id}
          side="back_office"
          hasContractor={!!order.contractor}
        />
      )}
    />
  );
}
