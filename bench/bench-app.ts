// The app every bench times: production config, no demo data, no workers, a back-office user
// signed in, listening on a free local port.
import { createAdapters } from '../src/server/adapters/adapters';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { DatabaseHandle } from '../src/server/db/client';
import { createJobQueue } from '../src/server/jobs/queue';
import { createSession, sessionCookieName } from '../src/server/modules/auth/session.service';
import { sessionUserQuery } from '../src/server/modules/orders/projections/session-user.projection';
import { createEventBus } from '../src/server/modules/events/events.service';
import { stopHttpClient } from './timing';

/** The bench app's secret: the order list's cursors are signed with it. */
export const benchSessionSecret = 'bench-secret-bench-secret-bench-secret-0123';

export async function startBenchApp(handle: DatabaseHandle, dataDir: string) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    SESSION_SECRET: benchSessionSecret,
    PUBLIC_URL: 'http://127.0.0.1:5000',
  });
  const { rows } = await handle.query(
    `insert into users (email, role, first_name, last_name, status)
     values ('bench-office@example.com', 'back_office', 'Bench', 'Office', 'active') returning id`,
  );
  const session = await createSession(handle.db, config, String(rows[0]!.id));
  const queue = createJobQueue(handle, { runWorkers: false });
  const app = await buildApp({
    config,
    database: handle,
    queue,
    events: createEventBus({
      database: handle,
      queue,
      runDispatcher: false,
      pollIntervalMs: config.EVENTS_POLL_INTERVAL_MS,
      retryDelaySeconds: config.EVENTS_RETRY_DELAY_SECONDS,
    }),
    adapters: createAdapters(config),
    state: { migrated: true, seeded: true },
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // A part seeds for minutes between requests: the server must not close the kept-alive
  // connection meanwhile (the next fetch would reuse it as it closes: ECONNRESET).
  app.server.keepAliveTimeout = 60 * 60_000;
  // Node times a kept-alive connection's next request from the end of the one before: after a
  // seed longer than a minute it would answer 408 before reading the request.
  app.server.headersTimeout = 60 * 60_000;
  app.server.requestTimeout = 60 * 60_000;
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    base,
    session: { headers: { cookie: `${sessionCookieName}=${session.token}` }, id: session.id },
  };
}

/**
 * What every /api request runs before its endpoint, as the baseline SQL of each bench: the
 * guard's one statement (the session and its user, as the projection builds it). The blocked
 * list and the session limits are read from memory (decision 076).
 */
export function guardQuery(handle: DatabaseHandle) {
  const { sql } = sessionUserQuery(handle.db).toSQL();
  return (sessionId: string) => handle.query(sql, [sessionId, 1]);
}

/**
 * Ends a bench: the client thread (its kept-alive connections), then every connection still
 * open to the app (the probes' own, kept alive for the hour the parts may take), then the app.
 * Nothing is in flight by then; an idle connection left open would hold the close for an hour.
 */
export async function closeBenchApp(app: Awaited<ReturnType<typeof startBenchApp>>['app']) {
  await stopHttpClient();
  app.server.closeAllConnections();
  await app.close();
}
