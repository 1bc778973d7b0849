import { closeAdapters, createAdapters } from './adapters/adapters';
import { buildApp, type App } from './app';
import type { AppState } from './app-deps';
import { isLoopbackUrl, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { migrate } from './db/migrate';
import { checkSharedSessionSecret } from './db/shared-secret';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { registerJobs } from './jobs/register';
import { createEventBus } from './modules/events/events.service';
import { runFirstStartSeed, seedAnnouncement } from './seed/seed';

export type RunningServer = {
  app: App;
  database: DatabaseHandle;
  queue: JobQueue;
  url: string;
  /**
   * Drains: health checks answer 503 (for SHUTDOWN_DRAIN_SECONDS first), then no new
   * connections, requests in flight and running jobs finish, then the database closes.
   */
  close(): Promise<void>;
};

export function openConfiguredDatabase(config: Config) {
  return config.DATABASE_URL
    ? openDatabase({ databaseUrl: config.DATABASE_URL, maxConnections: config.DATABASE_POOL_MAX })
    : openDatabase({ dataDir: config.DATA_DIR });
}

/** Opens the database, migrates, listens, starts the workers and seeds a first start. */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openConfiguredDatabase(config);
  const state: AppState = { migrated: false, seeded: false };
  let app: App | undefined;
  let closing: Promise<void> | undefined;
  try {
    await migrate(database);
    state.migrated = true;
    // Every process on one PostgreSQL database signs with the same secret (decision 084).
    const secret = await checkSharedSessionSecret(database, config);
    const queue = createJobQueue(database, {
      runWorkers: config.JOBS_WORKER,
      onError: (error) => app?.log.error({ err: error }, 'job queue error'),
    });
    const events = createEventBus({
      database,
      queue,
      runDispatcher: config.JOBS_WORKER,
      pollIntervalMs: config.EVENTS_POLL_INTERVAL_MS,
      retryDelaySeconds: config.EVENTS_RETRY_DELAY_SECONDS,
      onError: (error) => app?.log.error({ err: error }, 'domain event dispatch failed'),
    });
    const adapters = createAdapters(config);
    app = await buildApp({ config, database, queue, events, adapters, state });
    if (secret === 'replaced') {
      app.log.warn(
        'SESSION_SECRET differs from the one this database last recorded: processes still ' +
          'running with the old one will not accept sessions, codes or links made by this one',
      );
    }
    await registerJobs(app.deps);
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    await queue.start();
    await events.start();

    const seed = await runFirstStartSeed(database.db, {
      demo: config.SEED_DEMO,
      storage: adapters.storage,
    });
    state.seeded = true;
    const started = app;
    const seedLines = await seedAnnouncement(database.db, {
      ...seed,
      publicUrl: config.PUBLIC_URL,
      loopback: isLoopbackUrl(config.PUBLIC_URL),
    });
    announce(started, config, seedLines);

    return {
      app: started,
      database,
      queue,
      url: config.PUBLIC_URL ?? address,
      close() {
        closing ??= drain();
        return closing;
      },
    };
    // The graceful drain (decision 084): health checks say 503 first (for
    // SHUTDOWN_DRAIN_SECONDS, while everything is still served) so a proxy moves traffic away;
    // then no new connections, and the requests in flight finish (each connection closing after
    // its answer); then the event dispatcher hands over its batch and the job workers take no new
    // job and finish those running; then the database closes.
    async function drain() {
      state.draining = true;
      if (config.SHUTDOWN_DRAIN_SECONDS > 0) {
        await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000));
      }
      await started.close();
      await events.stop();
      await queue.stop();
      await closeAdapters(adapters);
      await database.close();
    }
  } catch (error) {
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}

function announce(app: App, config: Config, seedLines: string[]) {
  const lines = [
    '',
    `  Uplink is ready at ${config.PUBLIC_URL}`,
    `  Database: ${config.DATABASE_URL ? 'PostgreSQL server' : `embedded PGlite in ${config.DATA_DIR}`}`,
  ];
  lines.push(...seedLines.map((line) => (line ? `  ${line}` : line)));
  lines.push('');
  app.log.info({ url: config.PUBLIC_URL }, 'ready');
  process.stdout.write(lines.join('\n') + '\n');
}
