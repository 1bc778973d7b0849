import { describe, expect, it } from 'vitest';
import { defaultSlaTargetDays, slaDeadlines, slaState, slaTargetDays, slaWords } from './sla';

const received = new Date('2026-03-01T09:00:00Z');
const days = (n: number) => new Date(received.getTime() + n * 24 * 60 * 60 * 1000);

describe('slaState', () => {
  it('defaults to 14 days and lets a partner override', () => {
    expect(defaultSlaTargetDays).toBe(14);
    expect(slaTargetDays(null)).toBe(14);
    expect(slaTargetDays(undefined, 10)).toBe(10);
    expect(slaTargetDays(7)).toBe(7);
    expect(slaTargetDays(0)).toBe(14);
  });

  it.each([
    [0, 'on_track'],
    [10, 'on_track'],
    [10.5, 'on_track'], // exactly 75 % of 14 days
    [10.6, 'at_risk'],
    [14, 'at_risk'], // exactly the target
    [14.01, 'breached'],
    [40, 'breached'],
  ] as const)('after %s days of 14 it is %s', (elapsed, expected) => {
    expect(slaState({ receivedAt: received, targetDays: 14, now: days(elapsed) })).toBe(expected);
  });

  it('uses the partner target', () => {
    expect(slaState({ receivedAt: received, targetDays: 7, now: days(6) })).toBe('at_risk');
    expect(slaState({ receivedAt: received, targetDays: 7, now: days(8) })).toBe('breached');
    expect(slaState({ receivedAt: received, targetDays: 28, now: days(20) })).toBe('on_track');
  });

  it('freezes at completion or cancellation', () => {
    expect(
      slaState({ receivedAt: received, targetDays: 14, endedAt: days(5), now: days(60) }),
    ).toBe('on_track');
    expect(
      slaState({ receivedAt: received, targetDays: 14, endedAt: days(12), now: days(60) }),
    ).toBe('at_risk');
  });

  it('gives the deadlines', () => {
    const { atRiskAt, dueAt } = slaDeadlines(received, 14);
    expect(atRiskAt.toISOString()).toBe('2026-03-11T21:00:00.000Z');
    expect(dueAt.toISOString()).toBe('2026-03-15T09:00:00.000Z');
  });
});

describe('the SLA in words for the order status (issue 24)', () => {
  it('has none once cancelled, met or missed once done, the live state before', () => {
    expect(slaWords('cancelled', 'on_track')).toBeNull();
    expect(slaWords('completed', 'at_risk')?.label).toBe('Target met');
    expect(slaWords('closed', 'breached')?.label).toBe('Target missed');
    expect(slaWords('scheduled', 'on_track')?.label).toBe('On track');
  });
});
