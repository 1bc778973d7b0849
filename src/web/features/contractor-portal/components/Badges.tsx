import {
  kitStatusLabels,
  orderStatusLabels,
  type KitStatus,
  type OrderStatus,
} from '@shared/orders/order-status';
import { statusTones } from '@shared/status-tones';
import { StatusBadge } from '@web/components/status-badge';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge tone={statusTones.order[status]}>{orderStatusLabels[status]}</StatusBadge>;
}

export function KitStatusBadge({ kitStatus }: { kitStatus: KitStatus }) {
  return (
    <StatusBadge tone={statusTones.kit[kitStatus]}>
      <span className="sr-only">Kit: </span>
      {kitStatusLabels[kitStatus]}
    </StatusBadge>
  );
}
