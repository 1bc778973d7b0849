import type { RouteComponentProps } from 'wouter';
import { OrderNotesSection } from '@web/features/order-notes/components/order-notes-section';
import ContractorOrderDetailPage from '@web/features/orders/components/contractor-order-detail-page';

/** /contractor/orders/:id: the contractor's order with the notes shared with it (issue 25). */
export default function ContractorOrderRoute(props: RouteComponentProps) {
  return (
    <ContractorOrderDetailPage
      {...props}
      notes={(order) => <OrderNotesSection orderId={order.id} side="contractor" hasContractor />}
    />
  );
}
