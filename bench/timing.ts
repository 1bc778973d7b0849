// The timing every bench shares: percentiles, and an HTTP call timed in alternation with the
// SQL it runs, so that a busy machine slows both alike (the ratio is what the targets are about).
import { performance } from 'node:perf_hooks';

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export type Timing = { p50: number; p95: number };
export type TimedPair = { http: Timing; direct: Timing };

function summary(samples: number[]): Timing {
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** `warmup` untimed rounds, then `count` timed ones, each the HTTP call then its SQL. */
export async function timePair(
  http: () => Promise<unknown>,
  direct: () => Promise<unknown>,
  { count, warmup = 5 }: { count: number; warmup?: number },
): Promise<TimedPair> {
  for (let i = 0; i < warmup; i += 1) {
    await http();
    await direct();
  }
  const httpSamples: number[] = [];
  const sqlSamples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    let start = performance.now();
    await http();
    httpSamples.push(performance.now() - start);
    start = performance.now();
    await direct();
    sqlSamples.push(performance.now() - start);
  }
  return { http: summary(httpSamples), direct: summary(sqlSamples) };
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
