import { describe, expect, it } from 'vitest';
import { templateKinds } from './messages/templates';
import { lifecycleActions } from './orders/order-lifecycle';
import { orderStatuses, visitStatuses } from './orders/order-status';
import { statusTones } from './status-tones';
import {
  messageKindWords,
  orderEventLabels,
  orderEventWords,
  serialsInWords,
  statusChangeWords,
  statusLabels,
  visitStatusLabels,
} from './status-words';

describe('statusLabels', () => {
  it('words each status as the screens always have', () => {
    expect(statusLabels.message).toEqual({
      queued: 'Queued',
      sent: 'Sent',
      delivered: 'Delivered',
      undelivered: 'Undelivered',
      failed: 'Failed',
      suppressed: 'Suppressed',
    });
    expect(statusLabels.user).toEqual({
      invited: 'Invited',
      active: 'Active',
      disabled: 'Disabled',
    });
    expect(statusLabels.active).toEqual({ active: 'Active', inactive: 'Inactive' });
    expect(statusLabels.webhookEndpoint).toEqual({ enabled: 'Enabled', disabled: 'Disabled' });
    expect(statusLabels.customer.unvalidated).toBe('Not validated');
    expect(statusLabels.webhookDelivery.pending).toBe('Retrying');
  });
});

describe('the words dictionary covers every code', () => {
  const words = (value: string) => {
    expect(value, value).toMatch(/^[A-Z]/);
    expect(value, value).not.toMatch(/_/);
  };

  it('words every status of every kind', () => {
    for (const [kind, statuses] of Object.entries(statusTones)) {
      const labels = (statusLabels as Record<string, Record<string, string>>)[kind];
      expect(Object.keys(labels ?? {}).sort(), kind).toEqual(Object.keys(statuses).sort());
      Object.values(labels!).forEach(words);
    }
    for (const status of orderStatuses) words(statusLabels.order[status]);
    for (const status of visitStatuses) words(visitStatusLabels[status]);
    expect(Object.keys(visitStatusLabels).sort()).toEqual([...visitStatuses].sort());
  });

  it('words every kind of order event, none as the code or the button label', () => {
    for (const kind of [...lifecycleActions, 'created', 'edited', 'reschedule_requested']) {
      const text = orderEventWords(kind);
      words(text);
      expect(text).not.toBe(kind);
      expect(Object.keys(orderEventLabels)).toContain(kind);
    }
    expect(orderEventWords('submit_customer_form')).toBe('Customer form submitted');
    expect(orderEventWords('future_thing')).toBe('Future thing');
  });

  it('words every template and account message', () => {
    for (const kind of templateKinds) {
      words(messageKindWords(kind));
      expect(messageKindWords(kind)).not.toBe(kind);
    }
    expect(messageKindWords('sms_login_code')).toBe('Sign-in code');
  });

  it('says a change of status in words', () => {
    expect(statusChangeWords('customer_submitted')).toBe('Status changed to Customer submitted');
  });

  it('words serials by kind, dish first', () => {
    expect(serialsInWords({ router: 'R1', dish: 'D1' })).toBe('Dish serial D1, Router serial R1');
    expect(serialsInWords({ dish: 'D1', router: null, mount: ' M9 ' })).toBe(
      'Dish serial D1, Mount serial M9',
    );
    expect(serialsInWords({})).toBe('');
  });
});
