import { describe, expect, it } from 'vitest';
import { smsCodeValiditySeconds } from '@shared/auth/auth.contracts';
import { formatCountdown, secondsLeft } from './countdown';

describe('formatCountdown (spec §2: m:ss)', () => {
  it.each([
    [300, '5:00'],
    [299, '4:59'],
    [61, '1:01'],
    [60, '1:00'],
    [59, '0:59'],
    [9, '0:09'],
    [0, '0:00'],
    [-3, '0:00'],
  ])('%i seconds → %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });

  it('counts from 300 seconds', () => {
    expect(smsCodeValiditySeconds).toBe(300);
    expect(formatCountdown(smsCodeValiditySeconds)).toBe('5:00');
  });
});

describe('secondsLeft', () => {
  it('rounds up and never goes below zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 100)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });
});
