// When each attempt of a webhook delivery runs (issue 14, decision 046). The first attempt is
// immediate; after each failure the next waits the step's delay, with jitter, for about 3 days.

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

/** The delay before attempt n + 1 (index 0 = the first attempt, immediate). */
export const webhookRetryDelaysMs = [
  0,
  5 * second,
  5 * minute,
  30 * minute,
  2 * hour,
  5 * hour,
  10 * hour,
  14 * hour,
  20 * hour,
  24 * hour,
] as const;

/** Attempts in one run of the schedule. */
export const webhookMaxAttempts = webhookRetryDelaysMs.length;

/**
 * Jitter: each delay is stretched by up to this fraction, so retries do not herd. Only ever
 * longer, so no attempt comes before its listed time and the schedule spans over three days.
 */
export const webhookJitterRatio = 0.1;

/**
 * The time of the attempt at `step` (0 = first) when the previous one ended at `from`, or null
 * when the schedule is used up. `random` in [0, 1) picks the jitter (Math.random unless given).
 */
export function nextAttemptAt(step: number, from: Date, random: () => number = Math.random) {
  const base = webhookRetryDelaysMs[step];
  if (base === undefined) return null;
  const jitter = base * webhookJitterRatio * random();
  return new Date(from.getTime() + Math.round(base + jitter));
}
