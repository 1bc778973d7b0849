import { afterAll } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue';
import { registerJobs } from '../../src/server/jobs/register';
import { getTestDatabase } from './test-database';
import { testConfig } from './test-config';

export type TestApp = App & { queue: JobQueue };

/**
 * The whole application on this worker's test database, ready for `app.inject()`. Background
 * workers run only when asked (`workers: true`); jobs are still queued either way.
 * Closed after the file's tests.
 */
export async function createTestApp(
  options: {
    config?: Partial<Record<string, string>>;
    workers?: boolean;
    webDistDir?: string;
  } = {},
): Promise<TestApp> {
  const database = await getTestDatabase();
  const config: Config = testConfig(options.config as Record<string, string>);
  const queue = createJobQueue(database, {
    runWorkers: options.workers ?? false,
    pollingIntervalSeconds: 0.5,
  });
  const app = await buildApp({
    config,
    database,
    queue,
    state: { migrated: true, seeded: true },
    logger: false,
    webDistDir: options.webDistDir,
  });
  await registerJobs(app.deps);
  await queue.start();
  await app.ready();
  afterAll(async () => {
    await app.close();
    await queue.stop();
  });
  return Object.assign(app, { queue });
}
