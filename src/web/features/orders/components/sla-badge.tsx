import type { OrderStatus, SlaState } from '@shared/orders/order-status';
import { slaWords } from '@shared/orders/sla';
import { StatusBadge } from '@web/components/status-badge';

/** The SLA as it reads for the order's status: "—" once cancelled, met or missed once done. */
export function SlaBadge({ slaState, status }: { slaState: SlaState; status: OrderStatus }) {
  const words = slaWords(status, slaState);
  if (!words) {
    return (
      <span className="text-sm text-slate-400">
        <span className="sr-only">SLA: none, the order was cancelled</span>
        <span aria-hidden="true">—</span>
      </span>
    );
  }
  return (
    <StatusBadge tone={words.tone}>
      <span className="sr-only">SLA: </span>
      {words.label}
    </StatusBadge>
  );
}
