import type { DomainEvent } from '../events/events.service';

// What a partner receives for an order event (decision 046): an allow-list, so nothing added to
// an event later (payouts, staff names, the customer's form) reaches a partner by accident.

/** Event details a partner may see, by name; everything else in the event stays inside. */
const partnerVisibleDetails = [
  'date',
  'slot',
  'courier',
  'trackingNumber',
  'failureReason',
] as const;

export type OrderRef = { id: string; orderNumber: string; partnerReference: string | null };

export type WebhookBody = {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
};

export function partnerPayload(event: DomainEvent, order: OrderRef): WebhookBody {
  const source = event.data;
  const details: Record<string, unknown> = {};
  for (const key of partnerVisibleDetails) {
    if (source[key] !== undefined && source[key] !== null) details[key] = source[key];
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    type: event.type,
    timestamp: event.occurredAt.toISOString(),
    data: {
      eventId: event.id,
      orderId: order.id,
      orderNumber: order.orderNumber,
      partnerReference: order.partnerReference,
      action: event.type.replace(/^order\./, ''),
      actorRole: text(source.actorRole),
      fromStatus: text(source.fromStatus),
      toStatus: text(source.toStatus),
      fromKitStatus: text(source.fromKitStatus),
      toKitStatus: text(source.toKitStatus),
      reason: text(source.reason),
      ...details,
    },
  };
}

/** Whether an endpoint's event list (`order.*` or exact types) wants this event type. */
export function wantsEvent(patterns: readonly string[], type: string): boolean {
  return patterns.some(
    (pattern) =>
      pattern === type || (pattern.endsWith('.*') && type.startsWith(pattern.slice(0, -1))),
  );
}
