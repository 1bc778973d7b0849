import { messageStatuses } from './messages/messages.contracts';
import { templateKindLabels } from './messages/templates';
import { kitStatusLabels, orderStatusLabels, slaStateLabels } from './orders/order-status';
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
  if (words) return words;
  const spaced = kind.replace(/[_-]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
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
