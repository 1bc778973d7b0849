import { describe, expect, it } from 'vitest';
import { londonDateOf } from './london-date';

describe('londonDateOf', () => {
  it('gives the UK date, not the UTC one, in summer time', () => {
    expect(londonDateOf(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
  });
  it('is the UTC date in winter, when London keeps GMT', () => {
    expect(londonDateOf(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });
});
