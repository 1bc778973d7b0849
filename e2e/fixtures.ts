import { test as base, expect, type Page } from '@playwright/test';
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

/** The password of every demo account the server seeds. */
export const DEMO_PASSWORD = 'demo-pass-1234';

/**
 * Signs the page's browser context in through the API (not the UI), as the login form would:
 * POST /api/auth/login with an Origin header naming the site. Answers the login response.
 * Accounts with two-factor sign-in need the UI flow instead.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  // page.request shares the context's cookies and base URL; learn the origin from it.
  const origin = new URL((await page.request.get('/healthz')).url()).origin;
  const res = await page.request.post('/api/auth/login', {
    data: { email, password },
    headers: { Origin: origin },
  });
  expect(res.status(), `sign in as ${email}: ${await res.text()}`).toBe(200);
  const body = (await res.json()) as { requiresTwoFactor: boolean; user?: { role: string } };
  expect(body.requiresTwoFactor, `${email} needs the two-factor step`).toBe(false);
  return body;
}
