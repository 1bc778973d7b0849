import { describe, expect, it } from 'vitest';
import { wants } from './events.service';

describe('which events a subscriber wants', () => {
  it('matches exact types, dotted prefixes and everything', () => {
    expect(wants({ events: ['order.created'] }, 'order.created')).toBe(true);
    expect(wants({ events: ['order.created'] }, 'order.cancelled')).toBe(false);
    expect(wants({ events: ['order.*'] }, 'order.cancelled')).toBe(true);
    expect(wants({ events: ['order.*'] }, 'orders.cancelled')).toBe(false);
    expect(wants({ events: ['order.*'] }, 'customer.validated')).toBe(false);
    expect(wants({ events: ['customer.validated', 'order.*'] }, 'customer.validated')).toBe(true);
    expect(wants({ events: ['*'] }, 'user.invited')).toBe(true);
  });
});
