import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../../db/client';
import { countHit, deleteExpiredCounters } from './rate-limit.repository';

export type RateLimit = {
  /** What is limited and for whom: `POST /api/auth/login|203.0.113.7`, `partner-key|…`. */
  key: string;
  windowMs: number;
  max: number;
};

export type RateLimitResult = {
  allowed: boolean;
  count: number;
  remaining: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
};

// Expired counters are swept now and then by whichever server counts, not by a schedule.
const sweepEvery = 500;
let hitsSinceSweep = 0;

/**
 * Counts a hit against a limit kept in PostgreSQL, shared by every server on the database
 * (issue 9; docs/decisions/022-lock-and-rate-limits-in-the-database.md). Reusable for any key:
 * sign-in per address today, the partner API per key later.
 */
export async function hitRateLimit(db: Database, limit: RateLimit): Promise<RateLimitResult> {
  const hit = await countHit(db, limit.key, limit.windowMs);
  hitsSinceSweep += 1;
  if (hitsSinceSweep >= sweepEvery) {
    hitsSinceSweep = 0;
    await deleteExpiredCounters(db);
  }
  return {
    allowed: hit.count <= limit.max,
    count: hit.count,
    remaining: Math.max(0, limit.max - hit.count),
    resetInMs: Math.max(0, hit.resetAt.getTime() - Date.now()),
  };
}

type RouteInfo = { method?: string | string[]; url?: string };

/**
 * A store for @fastify/rate-limit that keeps its counters in PostgreSQL through hitRateLimit:
 * `register(rateLimit, { store: postgresRateLimitStore(() => app.deps.database.db) })`. Each
 * route's limit gets its own keys (method and URL), as the in-memory store's per-route caches.
 */
export function postgresRateLimitStore(getDb: () => Database): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(options: { routeInfo?: RouteInfo } = {}) {
      const route = options.routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      this.prefix = route ? `${method} ${route.url ?? ''}` : 'global';
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      hitRateLimit(getDb(), { key: `${this.prefix}|${key}`, windowMs: timeWindow, max }).then(
        (result) => callback(null, { current: result.count, ttl: result.resetInMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object) {
      return new PostgresRateLimitStore(routeOptions as { routeInfo?: RouteInfo });
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
