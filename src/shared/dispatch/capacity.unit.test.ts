import { describe, expect, it } from 'vitest';
import {
  addDays,
  engineerHasRoom,
  fullMessage,
  slotFree,
  takenSlotsOf,
  weekStartOf,
  weekdayOf,
  type PlacedVisit,
} from './capacity';

describe('slot capacity (decision 034)', () => {
  it('takes one AM and one PM, or one all-day visit', () => {
    expect(slotFree('am', [])).toBe(true);
    expect(slotFree('pm', ['am'])).toBe(true);
    expect(slotFree('am', ['am'])).toBe(false);
    expect(slotFree('all_day', ['pm'])).toBe(false);
    expect(slotFree('am', ['all_day'])).toBe(false);
    expect(slotFree('all_day', [])).toBe(true);
  });

  it('counts the visits that hold a slot, leaving out the one being moved', () => {
    const sam = 'sam';
    const day = '2030-01-08';
    const visits: PlacedVisit[] = [
      { id: 'v1', engineerId: sam, date: day, slot: 'all_day', status: 'scheduled' },
      { id: 'v2', engineerId: sam, date: day, slot: 'am', status: 'failed' },
      { id: 'v3', engineerId: sam, date: day, slot: 'pm', status: 'cancelled' },
      { id: 'v4', engineerId: 'dylan', date: day, slot: 'am', status: 'in_progress' },
      { id: 'v5', engineerId: sam, date: '2030-01-09', slot: 'am', status: 'completed' },
    ];
    expect(takenSlotsOf(visits, sam, day, null)).toEqual(['all_day']);
    // Sam's all-day visit fills the day: no slot has room, unless that visit is the one moving.
    for (const slot of ['am', 'pm', 'all_day'] as const) {
      expect(engineerHasRoom(visits, { engineerId: sam, date: day, slot }, null)).toBe(false);
      expect(engineerHasRoom(visits, { engineerId: sam, date: day, slot }, 'v1')).toBe(true);
    }
    // In-progress and completed visits hold theirs; another engineer's day is their own.
    expect(engineerHasRoom(visits, { engineerId: 'dylan', date: day, slot: 'am' }, null)).toBe(
      false,
    );
    expect(engineerHasRoom(visits, { engineerId: 'dylan', date: day, slot: 'pm' }, null)).toBe(
      true,
    );
    expect(engineerHasRoom(visits, { engineerId: sam, date: '2030-01-09', slot: 'am' }, null)).toBe(
      false,
    );
  });

  it('says what is in the way', () => {
    expect(fullMessage('Sam Penrose', 'am', ['all_day'])).toContain('an all-day visit');
    expect(fullMessage('Sam Penrose', 'am', ['am'])).toContain('an AM visit');
    expect(fullMessage('Sam Penrose', 'pm', ['pm'])).toContain('already have a PM visit');
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
