import { closeAdapters, createAdapters } from '../../src/server/adapters/adapters';
import { buildApp, type App } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/client';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue';
import { registerJobs } from '../../src/server/jobs/register';
import { createEventBus } from '../../src/server/modules/events/events.service';
import { getTestDatabase } from './test-database';
import { testConfig } from './test-config';

export type TestApp = App & { queue: JobQueue };

const openApps = new Set<TestApp>();

/** Closes every test app still open; tests/setup/database.ts runs it after each file. */
export async function closeTestApps(): Promise<void> {
  for (const app of [...openApps]) await app.close();
}

/**
 * The whole application on this worker's test database, ready for `app.inject()`. Background
 * workers run only when asked (`workers: true`); jobs are still queued either way.
 * Closed after the file's tests (or earlier by `app.close()`, which also stops its queue).
 */
export async function createTestApp(
  options: {
    config?: Partial<Record<string, string>>;
    workers?: boolean;
    webDistDir?: string;
    /** Fastify's logger options; off unless a test reads the log lines. */
    logger?: Parameters<typeof buildApp>[0]['logger'];
    /** Another handle on the worker's database: a second app process, as it were. */
    database?: DatabaseHandle;
    /** How often pg-boss looks for due schedules (its defaults: 30 and 5 seconds). */
    cronIntervalSeconds?: number;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await getTestDatabase());
  const config: Config = testConfig(options.config as Record<string, string>);
  const workers = options.workers ?? false;
  const queue = createJobQueue(database, {
    runWorkers: workers,
    pollingIntervalSeconds: 0.5,
    ...(options.cronIntervalSeconds
      ? {
          cronMonitorIntervalSeconds: options.cronIntervalSeconds,
          cronWorkerIntervalSeconds: options.cronIntervalSeconds,
        }
      : {}),
  });
  const events = createEventBus({
    database,
    queue,
    runDispatcher: workers,
    pollIntervalMs: config.EVENTS_POLL_INTERVAL_MS,
    retryDelaySeconds: config.EVENTS_RETRY_DELAY_SECONDS,
  });
  const adapters = createAdapters(config);
  const app = await buildApp({
    config,
    database,
    queue,
    events,
    adapters,
    state: { migrated: true, seeded: true },
    logger: options.logger ?? false,
    webDistDir: options.webDistDir,
  });
  await registerJobs(app.deps);
  await queue.start();
  await events.start();
  const testApp = Object.assign(app, { queue });
  app.addHook('onClose', async () => {
    openApps.delete(testApp);
    await events.stop();
    await queue.stop();
    await closeAdapters(adapters);
  });
  await app.ready();
  openApps.add(testApp);
  return testApp;
}
