// The graceful drain of a stopping server (issue 23, decision 084): the health checks answer
// 503 while it still serves, then it takes no new connections, lets the request in flight and
// the job running finish, and only then closes. Runs the real start-up (startServer) in this
// process: on PGlite (its own data folder) or, under `npm run test:pg`, the worker's database.
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/client';
import { startServer, type RunningServer } from '../src/server/start-server';
import { createUser, defaultTestPassword, waitFor } from './support/auth';
import { freePort } from './support/server-process';
import { getTestDatabase } from './support/test-database';
import { testConfig } from './support/test-config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let running: RunningServer | undefined;

afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** A promise and the function that settles it. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

describe('stopping a server', { timeout: 120_000 }, () => {
  it('says 503 on its health checks, takes no new connections, and finishes the request and the job in flight before it closes', async () => {
    const port = await freePort();
    const config = testConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JOBS_WORKER: 'true',
      SHUTDOWN_DRAIN_SECONDS: '2',
      ...(onPostgres ? { DATABASE_URL: (await getTestDatabase()).url! } : {}),
    });
    const server = await startServer(config);
    running = server;
    const url = server.url;
    const { email } = await createUser(server.app);

    // A job that runs until the test lets it finish.
    const jobStarted = gate();
    const jobRelease = gate();
    let jobFinished = false;
    await server.queue.register('test-drain-job', async () => {
      jobStarted.open();
      await jobRelease.promise;
      jobFinished = true;
    });
    const jobId = await server.queue.send('test-drain-job', {});
    await jobStarted.promise;

    // A sign-in whose body is still arriving: in flight until the test sends the rest.
    const requestArrived = gate();
    server.app.server.on('request', (request: http.IncomingMessage) => {
      if (request.url === '/api/auth/login') requestArrived.open();
    });
    const agent = new http.Agent({ keepAlive: true });
    const body = JSON.stringify({ email, password: defaultTestPassword });
    let sendRest!: () => void;
    const answer = new Promise<{ status: number; connection?: string; body: string }>(
      (resolve, reject) => {
        const request = http.request(
          `${url}/api/auth/login`,
          {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'transfer-encoding': 'chunked',
              origin: url,
            },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk) => (text += String(chunk)));
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                connection: response.headers.connection,
                body: text,
              }),
            );
          },
        );
        request.on('error', reject);
        request.write(body.slice(0, 10));
        sendRest = () => request.end(body.slice(10));
      },
    );
    await requestArrived.promise;

    let closed = false;
    const closing = server.close().then(() => (closed = true));

    // Draining: still answering, but the health checks say 503 so a proxy sends nothing new.
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'draining' });
    const live = await fetch(`${url}/healthz`);
    expect(live.status).toBe(503);
    expect(live.headers.get('connection')).toBe('close');

    // Then it takes no new connections, while the request and the job are still in flight.
    await waitFor(
      async () =>
        fetch(`${url}/healthz`).then(
          () => null,
          () => true,
        ),
      { timeoutMs: 15_000, intervalMs: 50 },
    );
    expect(closed).toBe(false);

    // The request in flight ends normally, and its connection with it.
    sendRest();
    const answered = await answer;
    expect(answered.status, answered.body).toBe(200);
    expect(answered.connection).toBe('close');
    // The job is still running: the server waits for it.
    expect(closed).toBe(false);
    expect(jobFinished).toBe(false);

    jobRelease.open();
    await closing;
    running = undefined;
    expect(jobFinished).toBe(true);
    agent.destroy();

    // The job was recorded as done before the database closed.
    const handle = onPostgres
      ? await getTestDatabase()
      : await openDatabase({ dataDir: config.DATA_DIR });
    try {
      const { rows } = await handle.query(`select state from pgboss.job where id = $1`, [jobId]);
      expect(rows).toEqual([{ state: 'completed' }]);
    } finally {
      if (!onPostgres) await handle.close();
    }
  });
});
