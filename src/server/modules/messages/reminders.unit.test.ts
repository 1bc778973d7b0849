import { describe, expect, it } from 'vitest';
import { nextRunTimes } from '../../jobs/schedule';
import { reminderCron, reminderTimeZone, tomorrowInLondon } from './reminders';

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('the day-before reminder at 18:00 Europe/London', () => {
  it('runs at 18:00 UK time either side of the 25 October 2026 change', () => {
    const runs = nextRunTimes(reminderCron, {
      from: new Date('2026-10-24T12:00:00Z'),
      count: 3,
      tz: reminderTimeZone,
    });
    expect(iso(runs)).toEqual([
      '2026-10-24T17:00:00.000Z',
      '2026-10-25T18:00:00.000Z',
      '2026-10-26T18:00:00.000Z',
    ]);
  });

  it('runs at 18:00 UK time either side of the 28 March 2027 change', () => {
    const runs = nextRunTimes(reminderCron, {
      from: new Date('2027-03-27T12:00:00Z'),
      count: 3,
      tz: reminderTimeZone,
    });
    expect(iso(runs)).toEqual([
      '2027-03-27T18:00:00.000Z',
      '2027-03-28T17:00:00.000Z',
      '2027-03-29T17:00:00.000Z',
    ]);
  });

  it('reminds for the London day after the run', () => {
    expect(tomorrowInLondon(new Date('2026-10-24T17:00:00Z'))).toBe('2026-10-25');
    expect(tomorrowInLondon(new Date('2027-03-28T17:00:00Z'))).toBe('2027-03-29');
    // 23:30Z on 31 May is already 1 June in London.
    expect(tomorrowInLondon(new Date('2027-05-31T23:30:00Z'))).toBe('2027-06-02');
  });
});
