import { test as base, expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { freePort, spawnServer } from '../tests/support/server-process';
import { startSmsCapture, type SmsCapture } from '../tests/support/sms-capture';
import { startSmtpCapture, type SmtpCapture } from '../tests/support/smtp-capture';
import { startXeroStandIn, type XeroStandIn } from '../tests/support/xero-stand-in';

type WorkerFixtures = {
  /** The real built server, one per Playwright worker, with demo data and its own data folder. */
  server: { url: string; dataDir: string };
  /** A local SMTP server catching every email the worker's server sends (SMTP_URL). */
  mailbox: SmtpCapture;
  /** A local stand-in for the Twilio API catching every SMS the worker's server sends. */
  smsInbox: SmsCapture;
  /** A local stand-in for Xero's identity and accounting APIs (issue 22). */
  xero: XeroStandIn;
};

export const test = base.extend<{ baseURL: string }, WorkerFixtures>({
  mailbox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const mailbox = await startSmtpCapture();
      await use(mailbox);
      await mailbox.close();
    },
    { scope: 'worker' },
  ],
  smsInbox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const smsInbox = await startSmsCapture();
      await use(smsInbox);
      await smsInbox.close();
    },
    { scope: 'worker' },
  ],
  xero: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const xero = await startXeroStandIn();
      await use(xero);
      await xero.close();
    },
    { scope: 'worker' },
  ],
  server: [
    // The captures start first so the server sends its email and SMS to them.
    async ({ mailbox, smsInbox, xero }, use) => {
      const port = await freePort();
      const server = spawnServer({
        PORT: String(port),
        SEED_DEMO: 'true',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SMTP_URL: mailbox.url,
        MAIL_FROM: 'Uplink <no-reply@uplink.test>',
        // Webhook receivers in the specs listen on 127.0.0.1 (decision 047).
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        ...smsInbox.env,
        XERO_CLIENT_ID: xero.clientId,
        XERO_CLIENT_SECRET: xero.clientSecret,
        XERO_AUTHORIZE_URL: xero.authorizeUrl,
        XERO_TOKEN_URL: xero.tokenUrl,
        XERO_API_BASE: xero.apiBase,
      });
      await server.ready;
      await use({ url: server.url, dataDir: server.dataDir });
      server.child.kill('SIGTERM');
      await server.exited;
    },
    { scope: 'worker', timeout: 180_000 },
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

/**
 * An API client signed in as `email` (not tied to any page), sending the site's Origin on every
 * call as a browser would, so state-changing calls pass the cross-site check. Dispose it after.
 */
export async function apiAs(
  baseURL: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<APIRequestContext> {
  const context = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: new URL(baseURL).origin },
  });
  const res = await context.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), `sign in as ${email}: ${await res.text()}`).toBe(200);
  return context;
}
