import { format, parseISO } from 'date-fns';
import { ChevronRight, Package } from 'lucide-react';
import { Link } from 'wouter';
import {
  customerKitLabels,
  customerSlotLabels,
  customerStatusLabels,
  type CustomerOrder,
} from '@shared/customer-portal/customer-orders.contracts';
import { Card } from '@web/components/ui/card';
import { StatusBadge } from '@web/components/status-badge';

const longDate = (isoDate: string) => format(parseISO(isoDate), 'EEEE d MMMM yyyy');

const finished: readonly CustomerOrder['status'][] = ['completed', 'closed', 'cancelled'];

/** What is next for the order, in one plain sentence (or null when nothing is pending). */
function nextStep(order: CustomerOrder): string | null {
  if (finished.includes(order.status)) return null;
  if (order.nextVisit) {
    const slot = customerSlotLabels[order.nextVisit.slot];
    return `Visit booked for ${longDate(order.nextVisit.date)}, ${slot}`;
  }
  if (order.requestedDate) return `You asked for ${longDate(order.requestedDate)}`;
  return null;
}

/** The signed-in customer's orders, each leading to its portal page /customer/{orderNumber}. */
export function CustomerOrderList({ orders }: { orders: readonly CustomerOrder[] }) {
  return (
    <ul className="grid gap-3" aria-label="Your orders">
      {orders.map((order) => {
        const next = nextStep(order);
        return (
          <li key={order.orderNumber}>
            <Card className="transition-colors hover:border-brand-500">
              <Link
                href={`/customer/${encodeURIComponent(order.orderNumber)}`}
                className="flex items-start gap-4 rounded-lg p-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <Package aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-600" />
                <span className="grid min-w-0 flex-1 gap-1">
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-semibold text-slate-900">{order.orderNumber}</span>
                    <StatusBadge kind="order" status={order.status}>
                      {customerStatusLabels[order.status]}
                    </StatusBadge>
                  </span>
                  <span className="text-sm text-slate-700">{order.jobTypeName}</span>
                  <span className="truncate text-sm text-slate-600">{order.address}</span>
                  {next && <span className="text-sm font-medium text-slate-800">{next}</span>}
                  {!finished.includes(order.status) && (
                    <span className="text-sm text-slate-600">
                      {customerKitLabels[order.kitStatus]}
                    </span>
                  )}
                  <span className="text-xs text-slate-500">
                    Ordered {format(parseISO(order.createdAt), 'd MMMM yyyy')}
                  </span>
                </span>
                <ChevronRight
                  aria-hidden="true"
                  className="mt-0.5 size-5 shrink-0 text-slate-400"
                />
              </Link>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
