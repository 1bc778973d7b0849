import type { ReactNode } from 'react';
import type { BoardVisit, WaitingOrder } from '@shared/dispatch/dispatch.contracts';
import { kitStatusLabels } from '@shared/orders/order-status';
import { visitStatusLabels } from '@shared/status-words';
import { availabilityInWords } from '@shared/customer-links/customer-answers.contracts';
import { cn } from '@web/lib/cn';
import { formatDate } from '@web/lib/format-date';

/** An order waiting for a visit, as the side list and the phone list show it. */
export function WaitingCard({
  order,
  highlighted = false,
  children,
}: {
  order: WaitingOrder;
  highlighted?: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      className={cn(
        'grid gap-1 rounded-lg border bg-white p-2 text-sm',
        highlighted ? 'border-brand-600 ring-2 ring-brand-500' : 'border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-1">
        <span className="font-medium text-slate-900">{order.orderNumber}</span>
        <span className="text-xs font-semibold text-slate-800">{order.postcode}</span>
      </div>
      <span className="text-xs text-slate-700">
        {order.jobTypeName} · {order.town}
      </span>
      <span className="text-xs text-slate-600">{order.customerName}</span>
      {order.revisit && <span className="text-xs font-medium text-amber-800">Revisit needed</span>}
      {!order.kitReady && (
        <span className="text-xs font-medium text-red-700">
          Kit {kitStatusLabels[order.kitStatus].toLowerCase()}: not ready to book
        </span>
      )}
      {order.requestedDate && (
        <span className="text-xs text-slate-600">Requested {formatDate(order.requestedDate)}</span>
      )}
      {order.availability && order.availability.length > 0 && (
        <span className="text-xs text-slate-600">
          Customer is in: {order.availability.map(availabilityInWords).join('; ')}
        </span>
      )}
      {children && <div className="flex flex-wrap gap-1 pt-1">{children}</div>}
    </div>
  );
}

/** A booked visit's lines. */
export function VisitSummary({ visit }: { visit: BoardVisit }) {
  return (
    <div className="grid leading-tight">
      <span className="font-medium text-slate-900">{visit.orderNumber}</span>
      <span className="text-slate-700">
        {visit.postcode} · {visit.town}
      </span>
      <span className="text-slate-600">{visit.jobTypeName}</span>
      {visit.status !== 'scheduled' && (
        <span className="font-medium text-slate-700">{visitStatusLabels[visit.status]}</span>
      )}
    </div>
  );
}
