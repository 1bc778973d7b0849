// The timing every bench shares: percentiles, and an HTTP call timed in alternation with the
// SQL it runs (and the index-only read of the same rows), so that a busy machine slows each
// alike (the ratios are what the targets are about).
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export type Timing = { p50: number; p95: number };
export type TimedPair = { http: Timing; direct: Timing };

export function summary(samples: number[]): Timing {
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** What a timed function may answer: its own measure of the time it took (the HTTP client's). */
export type Elapsed = { elapsedMs: number };
const isElapsed = (value: unknown): value is Elapsed =>
  typeof value === 'object' && value !== null && 'elapsedMs' in value;

/**
 * Untimed warm-up rounds, then `count` timed ones; each round runs every function once, in
 * order. Answers each function's p50 and p95 under its own name. A function that answers
 * `{ elapsedMs }` (an HTTP request timed by its client) is timed by that figure.
 *
 * The warm-up runs until `warmupMs` has passed and at least `warmup` rounds: a server that has
 * been up a while runs its request path compiled by V8's optimising tiers, which takes a few
 * hundred calls of each function; five rounds timed the interpreter (decision 090).
 */
export async function timeRounds<K extends string>(
  work: Record<K, () => Promise<unknown>>,
  { count, warmup = 5, warmupMs = 1_500 }: { count: number; warmup?: number; warmupMs?: number },
): Promise<Record<K, Timing>> {
  const names = Object.keys(work) as K[];
  const warmStart = performance.now();
  for (let i = 0; i < warmup || performance.now() - warmStart < warmupMs; i += 1)
    for (const name of names) await work[name]();
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<
    K,
    number[]
  >;
  for (let i = 0; i < count; i += 1) {
    for (const name of names) {
      const start = performance.now();
      const answer = await work[name]();
      samples[name].push(isElapsed(answer) ? answer.elapsedMs : performance.now() - start);
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

// The HTTP client runs in a worker thread (plain JavaScript), as a browser would be elsewhere:
// sending the request and reading the answer do not take the app's event loop, so the time is
// the server's work and the wire's, not the client's parsing too. It times each request itself,
// from sending it to the answer's last byte, as a browser's network panel would: passing the
// request and the answer between the threads is the bench's cost, not the server's.
//
// It speaks through node:http on kept-alive connections, not fetch: fetch's own work (its
// WHATWG streams and objects) took 1.5 ms of every request on this machine, timed as the
// server's (2.31 ms against 0.84 ms for the same /healthz; decision 092).
const clientSource = `
const { parentPort } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true });
function get(url, headers) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode));
      res.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
parentPort.on('message', async ({ id, url, headers }) => {
  try {
    const start = performance.now();
    const status = await get(url, headers);
    parentPort.postMessage({ id, status, elapsedMs: performance.now() - start });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

let client: { worker: Worker; next: number; waiting: Map<number, (m: Answer) => void> } | null =
  null;
type Answer = { id: number; status?: number; elapsedMs?: number; error?: string };

function httpClient() {
  if (!client) {
    const worker = new Worker(clientSource, { eval: true });
    worker.unref();
    const waiting = new Map<number, (m: Answer) => void>();
    worker.on('message', (answer: Answer) => {
      waiting.get(answer.id)?.(answer);
      waiting.delete(answer.id);
    });
    client = { worker, next: 0, waiting };
  }
  return client;
}

/** Ends the client thread (its kept-alive connections with it), so the bench can exit. */
export async function stopHttpClient() {
  const running = client;
  client = null;
  await running?.worker.terminate();
}

/**
 * A GET through HTTP from the client thread, its whole body read; answers the time it took as
 * the client measured it. Throws on a failed request.
 */
export async function fetchBody(url: string, headers: Record<string, string>): Promise<Elapsed> {
  const { worker, waiting } = httpClient();
  const id = (client!.next += 1);
  const answer = await new Promise<Answer>((resolve) => {
    waiting.set(id, resolve);
    worker.postMessage({ id, url, headers });
  });
  if (answer.error) throw new Error(`GET ${url}: ${answer.error}`);
  return { elapsedMs: answer.elapsedMs! };
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
