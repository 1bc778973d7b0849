import { describe, expect, it } from 'vitest';
import { assertCron, nextRunTimes } from './schedule';

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('next run times of a schedule, in Europe/London time', () => {
  it('runs a daily 18:00 job at 18:00 UK time either side of the October 2026 change', () => {
    // BST ends at 02:00 on Sunday 25 October 2026: 18:00 is 17:00Z before, 18:00Z after.
    const runs = nextRunTimes('0 18 * * *', { from: new Date('2026-10-23T12:00:00Z'), count: 4 });
    expect(iso(runs)).toEqual([
      '2026-10-23T17:00:00.000Z',
      '2026-10-24T17:00:00.000Z',
      '2026-10-25T18:00:00.000Z',
      '2026-10-26T18:00:00.000Z',
    ]);
  });

  it('runs a daily 18:00 job at 18:00 UK time either side of the March 2027 change', () => {
    // BST starts at 01:00 on Sunday 28 March 2027: 18:00 is 18:00Z before, 17:00Z after.
    const runs = nextRunTimes('0 18 * * *', { from: new Date('2027-03-26T12:00:00Z'), count: 4 });
    expect(iso(runs)).toEqual([
      '2027-03-26T18:00:00.000Z',
      '2027-03-27T18:00:00.000Z',
      '2027-03-28T17:00:00.000Z',
      '2027-03-29T17:00:00.000Z',
    ]);
  });

  it('keeps an early-morning job at its local time on the days around both changes', () => {
    const autumn = nextRunTimes('30 3 * * *', { from: new Date('2026-10-24T00:00:00Z'), count: 2 });
    expect(iso(autumn)).toEqual(['2026-10-24T02:30:00.000Z', '2026-10-25T03:30:00.000Z']);
    const spring = nextRunTimes('30 3 * * *', { from: new Date('2027-03-27T00:00:00Z'), count: 2 });
    expect(iso(spring)).toEqual(['2027-03-27T03:30:00.000Z', '2027-03-28T02:30:00.000Z']);
  });

  it('reads the expression in another zone when told', () => {
    const runs = nextRunTimes('0 18 * * *', {
      from: new Date('2026-10-24T12:00:00Z'),
      count: 2,
      tz: 'UTC',
    });
    expect(iso(runs)).toEqual(['2026-10-24T18:00:00.000Z', '2026-10-25T18:00:00.000Z']);
  });

  it('refuses a bad expression with a plain message', () => {
    expect(() => assertCron('61 * * * *')).toThrow(/Bad cron expression "61 \* \* \* \*"/);
  });
});
