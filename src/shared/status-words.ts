import { messageStatuses } from './messages/messages.contracts';
import { templateKindLabels } from './messages/templates';
import { lifecycleActions, type LifecycleAction } from './orders/order-lifecycle';
import {
  kitStatusLabels,
  orderStatusLabels,
  slaStateLabels,
  type OrderStatus,
  type VisitStatus,
} from './orders/order-status';
import type { statusTones } from './status-tones';
import { userStatuses } from './users/users.contracts';

type Labels = {
  [Kind in keyof typeof statusTones]: Record<keyof (typeof statusTones)[Kind], string>;
};

/** Statuses whose word on screen is their own name, capitalised ("queued" → "Queued"). */
function capitalised<Status extends string>(statuses: readonly Status[]): Record<Status, string> {
  return Object.fromEntries(
    statuses.map((status) => [status, status.charAt(0).toUpperCase() + status.slice(1)]),
  ) as Record<Status, string>;
}

/** How the back office names each status, per kind: one word for a status on every screen. */
export const statusLabels = {
  order: orderStatusLabels,
  kit: kitStatusLabels,
  sla: slaStateLabels,
  customer: { unvalidated: 'Not validated', validated: 'Validated', rejected: 'Rejected' },
  user: capitalised(userStatuses),
  message: capitalised(messageStatuses),
  active: capitalised(['active', 'inactive']),
  webhookDelivery: { pending: 'Retrying', succeeded: 'Delivered', failed: 'Failed' },
  webhookEndpoint: capitalised(['enabled', 'disabled']),
} as const satisfies Labels;

/** The messages the product sends that are not customer templates, in words. */
const accountMessageWords: Record<string, string> = {
  sms_login_code: 'Sign-in code',
  two_factor_code: 'Two-factor code',
  invitation: 'Invitation to set a password',
  password_reset: 'Password reset',
  webhook_endpoint_disabled: 'Webhook endpoint switched off',
};

/** A message's kind (its template) in words: "kit_dispatched" → "Kit dispatched". */
export function messageKindWords(kind: string): string {
  const words = (templateKindLabels as Record<string, string>)[kind] ?? accountMessageWords[kind];
  return words ?? codeInWords(kind);
}

/**
 * A message's status as the person reading it should understand it: one kept in the outbox
 * (no provider set up) went nowhere, so it reads "Kept in outbox", never "Sent".
 */
export function messageStatusWords(message: {
  status: (typeof messageStatuses)[number];
  provider: string | null;
}): string {
  if (message.provider === 'outbox' && message.status === 'sent') return 'Kept in outbox';
  return statusLabels.message[message.status];
}

/** A visit's status in words, the same on the board, the order and the visit's record. */
export const visitStatusLabels: Record<VisitStatus, string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Every kind of order event: the lifecycle's moves, and what is recorded beside them. */
export const orderEventKinds = [
  'created',
  'edited',
  'reschedule_requested',
  ...lifecycleActions,
] as const;
export type OrderEventKind = (typeof orderEventKinds)[number];

/**
 * What an event did, in words (past tense; the lifecycle's own labels name the buttons, so
 * "Mark customer form submitted" reads here as "Customer form submitted").
 */
export const orderEventLabels: Record<OrderEventKind, string> = {
  created: 'Order created',
  edited: 'Order edited',
  reschedule_requested: 'Customer asked to reschedule',
  submit_customer_form: 'Customer form submitted',
  validate: 'Order validated',
  assign: 'Contractor assigned',
  unassign: 'Withdrawn from contractor',
  accept: 'Accepted by contractor',
  decline: 'Declined by contractor',
  schedule: 'Visit scheduled',
  reschedule: 'Visit rescheduled',
  unschedule: 'Visit unscheduled',
  check_in: 'Engineer checked in',
  complete: 'Installation completed',
  fail: 'Visit failed',
  close: 'Approved for invoicing',
  hold: 'Put on hold',
  resume: 'Taken off hold',
  cancel: 'Order cancelled',
  dispatch_kit: 'Kit dispatched',
  confirm_kit_arrived: 'Kit arrived',
  mark_kit_customer_supplied: 'Customer supplies kit',
} satisfies Record<'created' | 'edited' | 'reschedule_requested' | LifecycleAction, string>;

/** Words for a code nobody has named yet: "future_thing" → "Future thing". */
function codeInWords(code: string): string {
  const spaced = code.replace(/[_-]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** An order event's kind in words: "submit_customer_form" → "Customer form submitted". */
export function orderEventWords(type: string): string {
  return (orderEventLabels as Record<string, string>)[type] ?? codeInWords(type);
}

/** The order's new status in words: "Status changed to Customer submitted". */
export function statusChangeWords(toStatus: OrderStatus): string {
  return `Status changed to ${orderStatusLabels[toStatus]}`;
}

/** Words for the serials a visit recorded, by their kind. */
const serialKindLabels: Record<string, string> = { dish: 'Dish', router: 'Router' };

/**
 * The serials an engineer recorded, one phrase each: `{ dish: 'D1', router: 'R1' }` →
 * ["Dish serial D1", "Router serial R1"] (dish, router, then any others; empty ones left out).
 */
export function serialPhrases(serials: Record<string, unknown>): string[] {
  const order = (kind: string) => (kind === 'dish' ? 0 : kind === 'router' ? 1 : 2);
  return Object.entries(serials)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !!entry[1].trim())
    .sort(([a], [b]) => order(a) - order(b))
    .map(
      ([kind, serial]) => `${serialKindLabels[kind] ?? codeInWords(kind)} serial ${serial.trim()}`,
    );
}

/** The serials in one line: "Dish serial D1, Router serial R1" ('' when none). */
export function serialsInWords(serials: Record<string, unknown>): string {
  return serialPhrases(serials).join(', ');
}
