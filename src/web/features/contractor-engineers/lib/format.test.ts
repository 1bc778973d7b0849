import { describe, expect, it } from 'vitest';
import { visitsToCome, visitWhen } from './format';

describe('engineer visit labels', () => {
  it('reads a visit as its day and slot', () => {
    expect(visitWhen({ scheduledDate: '2026-11-25', slot: 'am' })).toBe('Wed, 25 Nov (AM)');
    expect(visitWhen({ scheduledDate: '2026-03-29', slot: 'all_day' })).toBe(
      'Sun, 29 Mar (All day)',
    );
  });

  it('counts the visits to come', () => {
    expect(visitsToCome(0)).toBe('No visits to come');
    expect(visitsToCome(1)).toBe('1 visit to come');
    expect(visitsToCome(4)).toBe('4 visits to come');
  });
});
