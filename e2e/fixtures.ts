import { test as base, expect } from '@playwright/test';
import { freePort, spawnServer } from '../tests/support/server-process';

type WorkerFixtures = {
  /** The real built server, one per Playwright worker, with demo data and its own data folder. */
  server: { url: string; dataDir: string };
};

export const test = base.extend<{ baseURL: string }, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const port = await freePort();
      const server = spawnServer({
        PORT: String(port),
        SEED_DEMO: 'true',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      });
      await server.ready;
      await use({ url: server.url, dataDir: server.dataDir });
      server.child.kill('SIGTERM');
      await server.exited;
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect };
