import { describe, expect, it } from 'vitest';
import { statusLabels } from './status-words';

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
