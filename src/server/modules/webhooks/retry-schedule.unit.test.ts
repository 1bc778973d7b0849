import { describe, expect, it } from 'vitest';
import { nextAttemptAt, webhookMaxAttempts, webhookRetryDelaysMs } from './retry-schedule';

const s = 1000;
const m = 60 * s;
const h = 60 * m;

describe('webhook retry schedule', () => {
  const from = new Date('2026-11-24T10:00:00Z');

  it('is immediate, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h', () => {
    expect(webhookRetryDelaysMs).toEqual([
      0,
      5 * s,
      5 * m,
      30 * m,
      2 * h,
      5 * h,
      10 * h,
      14 * h,
      20 * h,
      24 * h,
    ]);
    expect(webhookMaxAttempts).toBe(10);
  });

  it('keeps retrying for at least three days', () => {
    const total = webhookRetryDelaysMs.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThan(3 * 24 * h);
  });

  it('answers the step delay exactly when the jitter is nothing (random 0)', () => {
    webhookRetryDelaysMs.forEach((delay, step) => {
      expect(nextAttemptAt(step, from, () => 0)!.getTime() - from.getTime()).toBe(delay);
    });
  });

  it('stretches each delay by at most 10 %, never shortens it', () => {
    for (let step = 0; step < webhookMaxAttempts; step += 1) {
      const delay = webhookRetryDelaysMs[step]!;
      const low = nextAttemptAt(step, from, () => 0)!.getTime() - from.getTime();
      const high = nextAttemptAt(step, from, () => 0.999999)!.getTime() - from.getTime();
      expect(low).toBe(delay);
      expect(high).toBeLessThanOrEqual(Math.round(delay * 1.1));
      if (delay > 0) expect(high).toBeGreaterThan(delay);
      for (let i = 0; i < 50; i += 1) {
        const wait = nextAttemptAt(step, from)!.getTime() - from.getTime();
        expect(wait).toBeGreaterThanOrEqual(delay);
        expect(wait).toBeLessThanOrEqual(Math.ceil(delay * 1.1));
      }
    }
  });

  it('answers null once the schedule is used up', () => {
    expect(nextAttemptAt(webhookMaxAttempts, from)).toBeNull();
  });
});
