// The timing every bench shares: percentiles, and an HTTP call timed in alternation with the
// SQL it runs (and the index-only read of the same rows), so that a busy machine slows each
// alike (the ratios are what the targets are about).
import { performance } from 'node:perf_hooks';

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export type Timing = { p50: number; p95: number };
export type TimedPair = { http: Timing; direct: Timing };

export function summary(samples: number[]): Timing {
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/**
 * `warmup` untimed rounds, then `count` timed ones; each round runs every function once, in
 * order. Answers each function's p50 and p95 under its own name.
 */
export async function timeRounds<K extends string>(
  work: Record<K, () => Promise<unknown>>,
  { count, warmup = 5 }: { count: number; warmup?: number },
): Promise<Record<K, Timing>> {
  const names = Object.keys(work) as K[];
  for (let i = 0; i < warmup; i += 1) for (const name of names) await work[name]();
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<
    K,
    number[]
  >;
  for (let i = 0; i < count; i += 1) {
    for (const name of names) {
      const start = performance.now();
      await work[name]();
      samples[name].push(performance.now() - start);
    }
  }
  return Object.fromEntries(names.map((name) => [name, summary(samples[name])])) as Record<
    K,
    Timing
  >;
}

/** `warmup` untimed rounds, then `count` timed ones, each the HTTP call then its SQL. */
export async function timePair(
  http: () => Promise<unknown>,
  direct: () => Promise<unknown>,
  options: { count: number; warmup?: number },
): Promise<TimedPair> {
  return timeRounds({ http, direct }, options);
}

/** A GET through HTTP, its whole body read. */
export async function fetchBody(url: string, headers: Record<string, string>) {
  await (await fetch(url, { headers })).arrayBuffer();
}

/** The columns of a results table row for one timed pair. */
export function pairColumns({ http, direct }: TimedPair) {
  return {
    'http p50 ms': http.p50.toFixed(2),
    'http p95 ms': http.p95.toFixed(2),
    'sql p50 ms': direct.p50.toFixed(2),
    'sql p95 ms': direct.p95.toFixed(2),
    'ratio p50': (http.p50 / direct.p50).toFixed(2),
  };
}
