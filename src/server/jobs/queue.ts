import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import { assertCron, scheduleTimeZone } from './schedule';

export type JobHandler<T> = (data: T) => Promise<void>;

export type SendOptions = {
  /** Tries after the first failure. */
  retryLimit?: number;
  /** Seconds before the first retry; doubles each time when backoff is on. */
  retryDelay?: number;
  retryBackoff?: boolean;
  startAfter?: Date | number;
  singletonKey?: string;
};

export type ScheduleOptions<T> = {
  /** IANA time zone the cron expression is read in; Europe/London unless told. */
  tz?: string;
  /** What the handler receives on each run. */
  data?: T;
};

/**
 * Background work kept in PostgreSQL (pg-boss), on PGlite or a server alike.
 * See docs/decisions/003-job-queue.md and 015-scheduled-jobs.md.
 */
export type JobQueue = {
  register<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** A job at a time: queued now, run by a worker at (not before) `at`. */
  sendAt<T extends object>(
    name: string,
    data: T,
    at: Date,
    options?: Omit<SendOptions, 'startAfter'>,
  ): Promise<string | null>;
  /**
   * A recurring job: `cron` (five fields, minute precision) read in Europe/London time unless
   * `tz` says otherwise, so a daily 18:00 runs at 18:00 local on both sides of a clock change.
   * However many servers share the database, each due time makes one job, and at most one run
   * of a schedule is active at once (its queue is pg-boss's `stately` policy).
   */
  schedule<T extends object>(
    name: string,
    cron: string,
    handler: JobHandler<T>,
    options?: ScheduleOptions<T>,
  ): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export type JobQueueOptions = {
  /** Run handlers (and the cron monitor) in this process; jobs are queued either way. */
  runWorkers: boolean;
  pollingIntervalSeconds?: number;
  /** How often the cron monitor looks for due schedules (pg-boss: 1 to 45, default 30). */
  cronMonitorIntervalSeconds?: number;
  /** How often due schedules become jobs (pg-boss: 1 to 45, default 5). */
  cronWorkerIntervalSeconds?: number;
  onError?: (error: Error) => void;
};

type Schedule = { cron: string; tz: string; data: object };

/** PostgreSQL's SQLSTATE for a transaction ended to break a deadlock. */
const deadlockDetected = '40P01';

export function createJobQueue(handle: DatabaseHandle, options: JobQueueOptions): JobQueue {
  const bossOptions = {
    // Only worker processes turn schedules into jobs; pg-boss's cron monitor is cluster-safe.
    schedule: options.runWorkers,
    ...(options.cronMonitorIntervalSeconds
      ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds }
      : {}),
    ...(options.cronWorkerIntervalSeconds
      ? { cronWorkerIntervalSeconds: options.cronWorkerIntervalSeconds }
      : {}),
  };
  const boss =
    handle.kind === 'postgres' && handle.url
      ? new PgBoss({ connectionString: handle.url, max: 3, ...bossOptions })
      : new PgBoss({ db: { executeSql: pgliteExecuteSql(handle) }, ...bossOptions });
  boss.on('error', (error) => options.onError?.(error));

  const handlers = new Map<string, JobHandler<object>>();
  const schedules = new Map<string, Schedule>();
  let started = false;

  /**
   * pg-boss makes a new queue's table in one statement, locking its job table. Two processes
   * making queues at once (a first start on a new database, or an upgrade that adds a job, with
   * several processes starting together) can deadlock; PostgreSQL then ends one of the two, and
   * that one, made again, finds its queue made or makes it (decision 084).
   */
  async function createQueue(name: string) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await boss.createQueue(name, schedules.has(name) ? { name, policy: 'stately' } : undefined);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== deadlockDetected || attempt >= 5) throw error;
      }
    }
  }

  async function listen(name: string, handler: JobHandler<object>) {
    await createQueue(name);
    const schedule = schedules.get(name);
    if (schedule) await boss.schedule(name, schedule.cron, schedule.data, { tz: schedule.tz });
    if (!options.runWorkers) return;
    await boss.work<object>(
      name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
      async (jobs) => {
        for (const job of jobs) await handler(job.data);
      },
    );
  }

  const queue: JobQueue = {
    async register(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
      if (started) await listen(name, handler as JobHandler<object>);
    },
    async send(name, data, sendOptions = {}) {
      return boss.send(name, data, sendOptions);
    },
    async sendAt(name, data, at, sendOptions = {}) {
      return boss.send(name, data, { ...sendOptions, startAfter: at });
    },
    async schedule(name, cron, handler, scheduleOptions = {}) {
      const tz = scheduleOptions.tz ?? scheduleTimeZone;
      assertCron(cron, tz);
      schedules.set(name, { cron, tz, data: scheduleOptions.data ?? {} });
      await queue.register(name, handler);
    },
    async start() {
      await boss.start();
      started = true;
      for (const [name, handler] of handlers) await listen(name, handler);
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
  return queue;
}

/** pg-boss sends parameterised statements and, when installing, multi-statement scripts. */
function pgliteExecuteSql(handle: DatabaseHandle) {
  return async (text: string, values?: unknown[]) =>
    values && values.length > 0 ? handle.query(text, values) : handle.exec(text);
}
