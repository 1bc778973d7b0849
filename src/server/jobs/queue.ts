import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

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

/**
 * Background work kept in PostgreSQL (pg-boss), on PGlite or a server alike.
 * See docs/decisions/003-job-queue.md.
 */
export type JobQueue = {
  register<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export function createJobQueue(
  handle: DatabaseHandle,
  options: {
    runWorkers: boolean;
    pollingIntervalSeconds?: number;
    onError?: (error: Error) => void;
  },
): JobQueue {
  const boss =
    handle.kind === 'postgres' && handle.url
      ? new PgBoss({ connectionString: handle.url, max: 3 })
      : new PgBoss({ db: { executeSql: pgliteExecuteSql(handle) } });
  boss.on('error', (error) => options.onError?.(error));

  const handlers = new Map<string, JobHandler<object>>();
  let started = false;

  async function listen(name: string, handler: JobHandler<object>) {
    await boss.createQueue(name);
    if (!options.runWorkers) return;
    await boss.work<object>(
      name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
      async (jobs) => {
        for (const job of jobs) await handler(job.data);
      },
    );
  }

  return {
    async register(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
      if (started) await listen(name, handler as JobHandler<object>);
    },
    async send(name, data, sendOptions = {}) {
      return boss.send(name, data, sendOptions);
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
}

/** pg-boss sends parameterised statements and, when installing, multi-statement scripts. */
function pgliteExecuteSql(handle: DatabaseHandle) {
  return async (text: string, values?: unknown[]) =>
    values && values.length > 0 ? handle.query(text, values) : handle.exec(text);
}
