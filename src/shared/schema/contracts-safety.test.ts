import { describe, expect, it } from 'vitest';
import { updateCustomerBody } from '../customers/customers.contracts';
import { orderActionEndpoints, updateOrderBody } from '../orders/orders.contracts';
import { calendarDateMessages } from './calendar-date';
import { textMessages } from './text';

// The web forms validate with these same contracts, so the browser shows the server's words.
const messageAt = (
  result: { error?: { issues: { path: PropertyKey[]; message: string }[] } },
  path: string,
) => result.error?.issues.find((issue) => issue.path.join('.') === path)?.message;

describe('contracts refuse unsafe text and impossible dates with plain messages', () => {
  it('names, addresses and dates', () => {
    const result = updateCustomerBody.safeParse({
      firstName: 'A\u0000',
      address: { line1: 'x\ny', town: 'Truro', postcode: 'TR1 2LW' },
    });
    expect(messageAt(result, 'firstName')).toBe(textMessages.controlCharacter);
    expect(messageAt(result, 'address.line1')).toBe(textMessages.lineBreak);
    expect(
      messageAt(updateOrderBody.safeParse({ requestedDate: '2031-02-29' }), 'requestedDate'),
    ).toBe(calendarDateMessages.impossible);
    const schedule = orderActionEndpoints.schedule.body.safeParse({ date: '9999-12-31' });
    expect(messageAt(schedule, 'date')).toBe(calendarDateMessages.outOfRange);
  });

  it('notes keep their line breaks', () => {
    const result = updateCustomerBody.safeParse({ notes: 'Gate code 1234\n\tRing twice' });
    expect(result.success).toBe(true);
    expect(updateOrderBody.safeParse({ notes: 'line one\r\nline two' }).success).toBe(true);
  });
});
