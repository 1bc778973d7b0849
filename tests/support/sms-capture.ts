// A local HTTP server standing in for the Twilio-compatible SMS API, recording every request.
// Framework-free (no vitest imports) so Playwright fixtures can use it too.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type CapturedSms = {
  accountSid: string;
  /** Decoded basic-auth credentials. */
  username: string;
  password: string;
  to: string;
  from: string;
  body: string;
  receivedAt: Date;
};

export type SmsCapture = {
  port: number;
  /** For TWILIO_API_BASE. */
  url: string;
  /** The environment that points the server at this capture. */
  env: Record<string, string>;
  messages: CapturedSms[];
  /** Every request, including refused ones. */
  requests: { method: string; path: string; status: number }[];
  waitForMessage(to: string, options?: { timeoutMs?: number; since?: Date }): Promise<CapturedSms>;
  /** Answer the next `count` requests with 500 (for retry tests). */
  failNext(count: number): void;
  clear(): void;
  close(): Promise<void>;
};

export const smsCaptureCredentials = {
  accountSid: 'ACtest0000000000000000000000000000',
  authToken: 'test-auth-token',
  from: '+447700900999',
};

export async function startSmsCapture(): Promise<SmsCapture> {
  const messages: CapturedSms[] = [];
  const requests: SmsCapture['requests'] = [];
  const waiters = new Set<() => void>();
  let failures = 0;
  const pathPattern = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const answer = (status: number, body: object) => {
        requests.push({ method: req.method ?? '', path, status });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const match = pathPattern.exec(path);
      if (req.method !== 'POST' || !match) return answer(404, { message: 'Not found' });
      const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
      const [username = '', password = ''] = auth
        ? Buffer.from(auth[1]!, 'base64').toString('utf8').split(':')
        : [];
      if (
        username !== smsCaptureCredentials.accountSid ||
        password !== smsCaptureCredentials.authToken
      ) {
        return answer(401, { code: 20003, message: 'Authenticate' });
      }
      if (failures > 0) {
        failures -= 1;
        return answer(500, { message: 'Temporary failure' });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const sid = `SM${randomBytes(16).toString('hex')}`;
      messages.push({
        accountSid: decodeURIComponent(match[1]!),
        username,
        password,
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        receivedAt: new Date(),
      });
      for (const wake of waiters) wake();
      return answer(201, { sid, status: 'queued', to: form.get('To') });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  return {
    port,
    url,
    env: {
      SMS_PROVIDER: 'twilio',
      TWILIO_API_BASE: url,
      TWILIO_ACCOUNT_SID: smsCaptureCredentials.accountSid,
      TWILIO_AUTH_TOKEN: smsCaptureCredentials.authToken,
      TWILIO_FROM: smsCaptureCredentials.from,
    },
    messages,
    requests,
    waitForMessage(to, options = {}) {
      const since = options.since ?? new Date(0);
      const find = () => messages.find((m) => m.to === to && m.receivedAt > since);
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const wake = () => {
          const message = find();
          if (!message) return;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(message);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`No SMS to ${to} within ${options.timeoutMs ?? 10_000} ms`));
        }, options.timeoutMs ?? 10_000);
        waiters.add(wake);
      });
    },
    failNext(count) {
      failures = count;
    },
    clear() {
      messages.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
