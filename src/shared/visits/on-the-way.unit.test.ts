import { describe, expect, it } from 'vitest';
import { arrivalWindow, arrivalWindowWords, onTheWayRefusal } from './on-the-way';

describe('"On my way"', () => {
  it('gives an hour from the tap, rounded up to five minutes, in UK time', () => {
    const winter = new Date('2026-12-01T10:07:30Z');
    expect(arrivalWindow(winter).from.toISOString()).toBe('2026-12-01T10:10:00.000Z');
    expect(arrivalWindowWords(winter)).toBe('between 10:10 and 11:10');
    // British Summer Time: the customer reads the clock on their wall.
    expect(arrivalWindowWords(new Date('2026-07-01T09:55:00Z'))).toBe('between 10:55 and 11:55');
  });

  it('passes a tap on within 45 minutes and refuses one older or from the future', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    expect(onTheWayRefusal(new Date('2026-12-01T11:15:00Z'), now)).toBeNull();
    expect(onTheWayRefusal(new Date('2026-12-01T12:04:00Z'), now)).toBeNull();
    expect(onTheWayRefusal(new Date('2026-12-01T11:14:00Z'), now)).toBe(
      'Too late to tell the customer: "On my way" was tapped at 11:14, more than 45 minutes ago.',
    );
    expect(onTheWayRefusal(new Date('2026-12-01T12:06:00Z'), now)).toContain('in the future');
  });
});
