import { lifecycleActionLabels, type LifecycleAction } from '@shared/orders/order-lifecycle';
import {
  allOrderEvents,
  webhookDisabledReasonLabels,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '@shared/webhooks/webhooks.contracts';

export const deliveryStatusLabels: Record<WebhookDeliveryStatus, string> = {
  pending: 'Retrying',
  succeeded: 'Delivered',
  failed: 'Failed',
};

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
    ? { label: 'Enabled', tone: 'enabled' as const, reason: null }
    : {
        label: 'Disabled',
        tone: 'disabled' as const,
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
