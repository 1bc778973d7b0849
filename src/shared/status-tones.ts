// Decision 024: one colour per status, the same on every screen ("On hold" is amber in every
// list). Tones, not colours: each client maps a tone to its own palette.
import type { messageStatuses } from './messages/messages.contracts';
import type {
  CustomerValidationStatus,
  KitStatus,
  OrderStatus,
  SlaState,
} from './orders/order-status';
import type { UserStatus } from './users/users.contracts';
import type { WebhookDeliveryStatus } from './webhooks/webhooks.contracts';

/**
 * neutral: waiting on someone outside; info: moving as planned; warning: needs an eye;
 * danger: something went wrong; success: done well; muted: over, nothing more to do.
 */
export type StatusTone = 'neutral' | 'info' | 'warning' | 'danger' | 'success' | 'muted';

export const statusTones = {
  order: {
    received: 'neutral',
    customer_submitted: 'neutral',
    validated: 'info',
    assigned: 'info',
    scheduled: 'info',
    in_progress: 'info',
    revisit_required: 'danger',
    completed: 'success',
    closed: 'muted',
    on_hold: 'warning',
    cancelled: 'muted',
  },
  kit: {
    awaiting_dispatch: 'warning',
    dispatched: 'info',
    arrived: 'success',
    customer_supplied: 'neutral',
  },
  sla: { on_track: 'success', at_risk: 'warning', breached: 'danger' },
  customer: { unvalidated: 'neutral', validated: 'success', rejected: 'danger' },
  user: { invited: 'warning', active: 'success', disabled: 'muted' },
  message: {
    queued: 'neutral',
    sent: 'success',
    delivered: 'success',
    undelivered: 'danger',
    failed: 'danger',
    suppressed: 'muted',
  },
  active: { active: 'success', inactive: 'muted' },
  webhookDelivery: { pending: 'warning', succeeded: 'success', failed: 'danger' },
  webhookEndpoint: { enabled: 'success', disabled: 'danger' },
} as const satisfies {
  order: Record<OrderStatus, StatusTone>;
  kit: Record<KitStatus, StatusTone>;
  sla: Record<SlaState, StatusTone>;
  customer: Record<CustomerValidationStatus, StatusTone>;
  user: Record<UserStatus, StatusTone>;
  message: Record<(typeof messageStatuses)[number], StatusTone>;
  active: Record<'active' | 'inactive', StatusTone>;
  webhookDelivery: Record<WebhookDeliveryStatus, StatusTone>;
  webhookEndpoint: Record<'enabled' | 'disabled', StatusTone>;
};
