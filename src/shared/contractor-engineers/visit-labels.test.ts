import { describe, expect, it } from 'vitest';
import { visitsToCome, visitToMove, visitWhen } from './visit-labels';

describe('engineer visit labels', () => {
  it('reads a visit as its day and slot', () => {
    expect(visitWhen({ scheduledDate: '2026-11-25', slot: 'am' })).toBe('Wed 25 Nov 2026 (AM)');
    expect(visitWhen({ scheduledDate: '2026-03-29', slot: 'all_day' })).toBe(
      'Sun 29 Mar 2026 (All day)',
    );
    expect(
      visitToMove({ orderNumber: 'UPL-2026-000012', scheduledDate: '2031-05-06', slot: 'pm' }),
    ).toBe('UPL-2026-000012 on Tue 6 May 2031 (PM)');
  });

  it('counts the visits to come', () => {
    expect(visitsToCome(0)).toBe('No visits to come');
    expect(visitsToCome(1)).toBe('1 visit to come');
    expect(visitsToCome(4)).toBe('4 visits to come');
  });
});
