import {
  kitStatusLabels,
  orderStatusLabels,
  slaStateLabels,
  type KitStatus,
  type OrderStatus,
  type SlaState,
} from '@shared/orders/order-status';
import { Badge } from '@web/components/ui/badge';

type Variant = 'default' | 'secondary' | 'outline' | 'success' | 'warning' | 'destructive';

const statusVariants: Record<OrderStatus, Variant> = {
  received: 'secondary',
  customer_submitted: 'secondary',
  validated: 'default',
  assigned: 'default',
  scheduled: 'default',
  in_progress: 'warning',
  revisit_required: 'destructive',
  completed: 'success',
  closed: 'outline',
  on_hold: 'warning',
  cancelled: 'outline',
};

const kitVariants: Record<KitStatus, Variant> = {
  awaiting_dispatch: 'warning',
  dispatched: 'default',
  arrived: 'success',
  customer_supplied: 'secondary',
};

const slaVariants: Record<SlaState, Variant> = {
  on_track: 'success',
  at_risk: 'warning',
  breached: 'destructive',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={statusVariants[status]}>{orderStatusLabels[status]}</Badge>;
}

export function KitStatusBadge({ kitStatus }: { kitStatus: KitStatus }) {
  return (
    <Badge variant={kitVariants[kitStatus]}>
      <span className="sr-only">Kit: </span>
      {kitStatusLabels[kitStatus]}
    </Badge>
  );
}

export function SlaBadge({ slaState }: { slaState: SlaState }) {
  return (
    <Badge variant={slaVariants[slaState]}>
      <span className="sr-only">SLA: </span>
      {slaStateLabels[slaState]}
    </Badge>
  );
}
