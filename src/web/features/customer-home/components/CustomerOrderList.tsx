import { ChevronRight, Package } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';

export type CustomerOrderSummary = {
  orderNumber: string;
  /** A short description of where the order is, in the customer's words. */
  statusLabel: string;
  /** The installation address on one line. */
  address: string;
};

/** The signed-in customer's orders, each leading to its portal page /customer/{orderNumber}. */
export function CustomerOrderList({ orders }: { orders: readonly CustomerOrderSummary[] }) {
  return (
    <ul className="grid gap-3" aria-label="Your orders">
      {orders.map((order) => (
        <li key={order.orderNumber}>
          <Card className="transition-colors hover:border-brand-500">
            <Link
              href={`/customer/${encodeURIComponent(order.orderNumber)}`}
              className="flex items-center gap-4 rounded-lg p-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <Package aria-hidden="true" className="size-6 shrink-0 text-brand-600" />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900">{order.orderNumber}</span>
                <span className="block truncate text-sm text-slate-600">{order.address}</span>
              </span>
              <Badge variant="secondary">{order.statusLabel}</Badge>
              <ChevronRight aria-hidden="true" className="size-5 text-slate-400" />
            </Link>
          </Card>
        </li>
      ))}
    </ul>
  );
}
