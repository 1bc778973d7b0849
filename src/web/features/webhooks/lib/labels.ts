import { lifecycleActionLabels, type LifecycleAction } from '@shared/orders/order-lifecycle';
import {
  allOrderEvents,
  webhookDisabledReasonLabels,
  type WebhookEndpoint,
} from '@shared/webhooks/webhooks.contracts';

/** A readable name for an order event type (`order.schedule` → "Schedule"). */
export function eventLabel(type: string): string {
  if (type === allOrderEvents) return 'All order events';
  const action = type.replace(/^order\./, '');
  if (action === 'created') return 'Order created';
  if (action === 'edited') return 'Order edited';
  return lifecycleActionLabels[action as LifecycleAction]?.label ?? type;
}

export function endpointState(endpoint: WebhookEndpoint) {
  return endpoint.enabled
    ? { status: 'enabled' as const, reason: null }
    : {
        status: 'disabled' as const,
        reason: endpoint.disabledReason
          ? webhookDisabledReasonLabels[endpoint.disabledReason]
          : null,
      };
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Europe/London',
});

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
