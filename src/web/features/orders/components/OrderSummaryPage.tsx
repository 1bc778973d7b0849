import type { RouteComponentProps } from 'wouter';
import { useOrderByNumber } from '@web/api/orders/get-order-by-number';
import { PrintableOrder } from './PrintableOrder';
import {
  ContractorSection,
  CustomerSection,
  KitSection,
  MoneySection,
  Timeline,
  VisitsSection,
} from './OrderSections';

/** /order-summary/:orderNumber: the whole order on one page, for reading or printing. */
export default function OrderSummaryPage({ params }: RouteComponentProps) {
  const order = useOrderByNumber(decodeURIComponent(params.orderNumber ?? ''));
  return (
    <PrintableOrder title="Order summary" query={order}>
      {(o) => (
        <>
          <div className="grid gap-4 md:grid-cols-2 print:grid-cols-2">
            <MoneySection order={o} />
            <CustomerSection order={o} />
            <KitSection order={o} />
            <ContractorSection order={o} />
          </div>
          <VisitsSection order={o} />
          <Timeline events={o.timeline} order={o} />
        </>
      )}
    </PrintableOrder>
  );
}
