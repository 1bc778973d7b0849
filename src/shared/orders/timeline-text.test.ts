import { describe, expect, it } from 'vitest';
import { lifecycleActions } from './order-lifecycle';
import { formatPounds, formatUkDay, timelineText, type TimelineEvent } from './timeline-text';

const engineers: Record<string, string> = {
  'eng-1': 'Sam Smith',
  'eng-2': 'Alex Jones',
};
const names = {
  engineerName: (id: string) => engineers[id],
  contractorName: (id: string) => (id === 'con-1' ? 'Tamar Satellite Services' : undefined),
  jobTypeName: (id: string) => (id === 'job-2' ? 'Standard install' : undefined),
};

function event(type: string, overrides: Partial<TimelineEvent> = {}): TimelineEvent {
  return { type, fromStatus: null, toStatus: null, reason: null, data: {}, ...overrides };
}

describe('money and dates', () => {
  it('writes pence as pounds', () => {
    expect(formatPounds(11880)).toBe('£118.80');
    expect(formatPounds(12000)).toBe('£120.00');
    expect(formatPounds(5)).toBe('£0.05');
    expect(formatPounds(123456)).toBe('£1,234.56');
  });

  it('writes a calendar date the UK way', () => {
    expect(formatUkDay('2026-11-28')).toBe('Sat 28 Nov');
    expect(formatUkDay('2027-01-04')).toBe('Mon 4 Jan');
  });
});

describe('timeline sentences', () => {
  it('created', () => {
    expect(
      timelineText(event('created', { toStatus: 'received', data: { orderNumber: 'UP-1' } })),
    ).toBe('Order received.');
    expect(timelineText(event('created', { data: { partnerReference: 'SKY-42' } }))).toBe(
      'Order received with partner reference SKY-42.',
    );
  });

  it('edited, naming each change in words and money in pounds', () => {
    const text = timelineText(
      event('edited', {
        data: {
          changes: {
            payoutPence: { from: 12000, to: 11880 },
            requestedDate: { from: '2026-11-28', to: '2026-11-30' },
            jobTypeId: { from: 'job-1', to: 'job-2' },
          },
        },
      }),
      names,
    );
    expect(text).toBe(
      'Changed the payout from £120.00 to £118.80, the requested date from Sat 28 Nov to Mon 30 Nov and the job type to Standard install.',
    );
    expect(
      timelineText(event('edited', { data: { changes: { notes: { from: 'a', to: 'b' } } } })),
    ).toBe('Changed the notes.');
    expect(
      timelineText(
        event('edited', { data: { changes: { requestedDate: { from: '2026-11-28', to: null } } } }),
      ),
    ).toBe('Cleared the requested date (was Sat 28 Nov).');
  });

  it('submit_customer_form and validate', () => {
    expect(timelineText(event('submit_customer_form'))).toBe('Customer form submitted.');
    expect(
      timelineText(event('submit_customer_form', { data: { requestedDate: '2026-11-30' } })),
    ).toBe(
      'Customer form submitted; requested date set to Mon 30 Nov, the first day the customer is in.',
    );
    expect(timelineText(event('validate'))).toBe(
      'Customer details checked and the order validated.',
    );
  });

  it('assign says who it was offered to and what the payout became', () => {
    expect(
      timelineText(
        event('assign', {
          data: {
            contractorId: 'con-1',
            contractorName: 'Tamar Satellite Services',
            payoutPence: 11880,
          },
        }),
      ),
    ).toBe('Offered to Tamar Satellite Services; payout £118.80.');
    expect(
      timelineText(
        event('assign', {
          data: {
            contractorName: 'Tamar Satellite Services',
            payoutPence: 11880,
            previousPayoutPence: 12000,
            payoutFromRateCard: true,
          },
        }),
      ),
    ).toBe(
      'Offered to Tamar Satellite Services; payout £118.80 from their rate card (was £120.00).',
    );
  });

  it('unassign, accept and decline name the contractor from the lookup', () => {
    expect(timelineText(event('unassign', { data: { contractorId: 'con-1' } }), names)).toBe(
      'Withdrawn from Tamar Satellite Services.',
    );
    expect(timelineText(event('accept', { data: { contractorId: 'con-1' } }), names)).toBe(
      'Accepted by Tamar Satellite Services.',
    );
    expect(
      timelineText(
        event('decline', { reason: 'No engineer free', data: { contractorId: 'con-9' } }),
        names,
      ),
    ).toBe('Declined by the contractor: No engineer free.');
  });

  it('schedule and reschedule in UK dates and slot words, with the engineer', () => {
    expect(
      timelineText(
        event('schedule', { data: { engineerId: 'eng-1', date: '2026-11-28', slot: 'am' } }),
        names,
      ),
    ).toBe('Scheduled for Sat 28 Nov, morning, with Sam Smith.');
    expect(
      timelineText(
        event('schedule', {
          data: { date: '2026-11-28', slot: 'all_day', kitOverrideReason: 'Engineer brings kit' },
        }),
      ),
    ).toBe(
      'Scheduled for Sat 28 Nov, all day. Booked before the kit arrived: Engineer brings kit.',
    );
    expect(
      timelineText(
        event('reschedule', {
          data: {
            from: { engineerId: 'eng-1', date: '2026-11-28', slot: 'am' },
            to: { engineerId: 'eng-2', date: '2026-11-30', slot: 'pm' },
          },
        }),
        names,
      ),
    ).toBe(
      'Rescheduled from Sat 28 Nov, morning to Mon 30 Nov, afternoon, with Alex Jones (was Sam Smith).',
    );
  });

  it('check_in, complete and fail', () => {
    expect(timelineText(event('check_in'))).toBe('Engineer checked in on site.');
    expect(
      timelineText(
        event('check_in', {
          reason: 'The customer asked for today',
          data: {
            bookedDate: '2026-12-01',
            checkedInDate: '2026-11-24',
            offDayReason: 'The customer asked for today',
          },
        }),
      ),
    ).toBe(
      'Engineer checked in on site. Checked in on 24/11/2026, booked for 01/12/2026: The customer asked for today.',
    );
    expect(timelineText(event('complete'))).toBe('Installation completed.');
    expect(
      timelineText(event('fail', { reason: 'Gate locked', data: { failureReason: 'no_access' } })),
    ).toBe('Visit failed (no access): Gate locked.');
  });

  it('close, hold, resume and cancel', () => {
    expect(timelineText(event('close'))).toBe('Order closed.');
    expect(timelineText(event('hold', { reason: 'Customer on holiday' }))).toBe(
      'Put on hold: Customer on holiday.',
    );
    expect(timelineText(event('resume', { fromStatus: 'on_hold', toStatus: 'validated' }))).toBe(
      'Taken off hold, back to validated.',
    );
    expect(timelineText(event('cancel', { reason: 'Customer moved' }))).toBe(
      'Order cancelled: Customer moved.',
    );
  });

  it('the kit track', () => {
    expect(
      timelineText(event('dispatch_kit', { data: { courier: 'DPD', trackingNumber: '1Z999' } })),
    ).toBe('Kit dispatched with DPD, tracking number 1Z999.');
    expect(timelineText(event('confirm_kit_arrived'))).toBe('Kit arrived with the customer.');
    expect(timelineText(event('mark_kit_customer_supplied'))).toBe(
      'The customer supplies their own kit.',
    );
  });

  it('never shows a field name, raw pence or an internal value for any event kind', () => {
    const data = {
      contractorId: 'con-1',
      contractorName: 'Tamar Satellite Services',
      payoutPence: 11880,
      engineerId: 'eng-1',
      date: '2026-11-28',
      slot: 'pm',
      visitId: 'visit-1',
      failureReason: 'customer_absent',
      courier: 'DPD',
      trackingNumber: 'T1',
      from: { engineerId: 'eng-1', date: '2026-11-27', slot: 'am' },
      to: { engineerId: 'eng-1', date: '2026-11-28', slot: 'pm' },
      changes: { pricePence: { from: 15000, to: 16000 } },
    };
    for (const type of [...lifecycleActions, 'created', 'edited']) {
      const text = timelineText(
        event(type, { fromStatus: 'validated', toStatus: 'assigned', data }),
        names,
      );
      expect(text, type).toMatch(/^[A-Z].*\.$/);
      expect(text, type).not.toMatch(/pence|Pence|_|\b(am|pm)\b|11880|2026-|visit-1|eng-1|con-1/);
    }
  });

  it('an unknown event kind still reads as a sentence', () => {
    expect(
      timelineText(event('future_thing', { fromStatus: 'validated', toStatus: 'assigned' })),
    ).toBe('Future thing. Status changed to Assigned.');
    expect(
      timelineText(
        event('future_thing', { fromKitStatus: 'awaiting_dispatch', toKitStatus: 'dispatched' }),
      ),
    ).toBe('Future thing. Kit status changed to Dispatched.');
  });
});
