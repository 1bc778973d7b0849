import { describe, expect, it } from 'vitest';
import { addDays, fullMessage, slotFree, weekStartOf, weekdayOf } from './capacity';

describe('slot capacity (decision 034)', () => {
  it('takes one AM and one PM, or one all-day visit', () => {
    expect(slotFree('am', [])).toBe(true);
    expect(slotFree('pm', ['am'])).toBe(true);
    expect(slotFree('am', ['am'])).toBe(false);
    expect(slotFree('all_day', ['pm'])).toBe(false);
    expect(slotFree('am', ['all_day'])).toBe(false);
    expect(slotFree('all_day', [])).toBe(true);
  });

  it('says what is in the way', () => {
    expect(fullMessage('Sam Penrose', 'am', ['all_day'])).toContain('an all-day visit');
    expect(fullMessage('Sam Penrose', 'am', ['am'])).toContain('an AM visit');
    expect(fullMessage('Sam Penrose', 'all_day', ['am', 'pm'])).toContain('an AM and a PM visit');
  });

  it('finds the Monday of a week and steps days', () => {
    expect(weekStartOf('2026-11-26')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekdayOf('2026-11-29')).toBe(0);
  });
});
