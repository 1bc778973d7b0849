import { describe, expect, it } from 'vitest';
import { bookingRefusals, dateRefusal, slotRefusal, type BookingRules } from './booking-rules';

const rules: BookingRules = {
  workingDays: [1, 2, 3, 4, 5],
  bankHolidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
  offeredSlots: ['am', 'all_day'],
};

describe('the booking rule (decision 071)', () => {
  it('takes an offered slot on a working weekday', () => {
    expect(bookingRefusals(rules, '2026-12-01', 'am')).toEqual([]);
    expect(bookingRefusals(rules, '2026-12-04', 'all_day')).toEqual([]);
  });

  it('refuses a slot that is not offered, naming it', () => {
    expect(slotRefusal(rules, 'pm')).toEqual({
      field: 'slot',
      reason: 'slot_not_offered',
      message: 'The PM slot is not offered.',
    });
    expect(slotRefusal({ offeredSlots: ['am', 'pm'] }, 'all_day')?.message).toBe(
      'The all-day slot is not offered.',
    );
  });

  it('refuses a day that is not a working day, naming the day', () => {
    expect(dateRefusal(rules, '2026-12-05')).toEqual({
      field: 'date',
      reason: 'not_working_day',
      message: 'Saturday 5 December is not a working day.',
    });
    // A Saturday becomes a working day when the settings say so.
    expect(dateRefusal({ ...rules, workingDays: [1, 2, 3, 4, 5, 6] }, '2026-12-05')).toBeNull();
  });

  it('refuses a bank holiday on a working weekday, naming it', () => {
    expect(dateRefusal(rules, '2026-12-25')?.message).toBe(
      'Friday 25 December is a bank holiday (Christmas Day).',
    );
    expect(dateRefusal({ ...rules, bankHolidays: [] }, '2026-12-25')).toBeNull();
  });

  it('gives every reason at once, the day first', () => {
    expect(bookingRefusals(rules, '2026-12-05', 'pm').map((r) => r.field)).toEqual([
      'date',
      'slot',
    ]);
  });
});
