import { describe, expect, it } from 'vitest';
import {
  bookedDayWords,
  isOffDayCheckIn,
  offDayCheckInWords,
  offDayReasonMessage,
} from './off-day-check-in';
import { londonDateOf } from '@shared/london-date';

describe('check-in on another day than the booked one (issue 24)', () => {
  it('judges the day in the UK, whatever the zone of the moment', () => {
    // 23:30 UTC in summer is already the next day in London (BST); in winter it is not.
    expect(londonDateOf(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(londonDateOf(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-01');
    expect(isOffDayCheckIn('2026-07-02', new Date('2026-07-01T23:30:00Z'))).toBe(false);
    expect(isOffDayCheckIn('2026-12-01', new Date('2026-11-24T09:00:00Z'))).toBe(true);
    expect(isOffDayCheckIn('2026-12-01', new Date('2026-12-02T00:00:00Z'))).toBe(true);
  });

  it('says it in words', () => {
    expect(bookedDayWords('2026-12-01')).toBe('Tue 1 Dec 2026');
    expect(offDayReasonMessage('2026-12-01')).toBe(
      'This visit is booked for Tue 1 Dec 2026. Say why you are checking in on another day.',
    );
    expect(offDayCheckInWords('2026-11-24', '2026-12-01', 'Customer rang')).toBe(
      'Checked in on 24/11/2026, booked for 01/12/2026: Customer rang',
    );
  });
});
