// A partner's webhook receiver for tests: a real local HTTP server that keeps every request and
// answers what the test tells it to. Framework-free (no vitest imports) so e2e can use it too.
// The signature verifier is written here from the Standard Webhooks scheme, independently of
// the server's signing code (src/server/modules/webhooks/webhook-signature.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { freePort } from './server-process';

export type ReceivedWebhook = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: Date;
};

export type Reply = { status: number; body?: string; headers?: Record<string, string> };

export type WebhookReceiver = {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** What to answer next (default 204); a function sees the request. */
  reply: (request: ReceivedWebhook) => Reply;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
};

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const port = await freePort();
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received: [],
    reply: () => ({ status: 204 }),
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (receiver.received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} webhooks, got ${receiver.received.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return receiver.received;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: ReceivedWebhook = {
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: new Date(),
      };
      receiver.received.push(entry);
      const answer = receiver.reply(entry);
      response.writeHead(answer.status, answer.headers ?? {});
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return receiver;
}

/**
 * Standard Webhooks verification: the signed content is `${webhook-id}.${webhook-timestamp}.${body}`,
 * the key is the base64 after `whsec_`, and `webhook-signature` holds space-separated `v1,<base64>`
 * entries of which one must match. Answers which entries matched (by position).
 */
export function matchingSignatures(
  secret: string,
  headers: http.IncomingHttpHeaders,
  body: string,
): number[] {
  const id = String(headers['webhook-id'] ?? '');
  const timestamp = String(headers['webhook-timestamp'] ?? '');
  const signatures = String(headers['webhook-signature'] ?? '').split(' ');
  if (!id || !/^\d+$/.test(timestamp) || !secret.startsWith('whsec_')) return [];
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  const matched: number[] = [];
  signatures.forEach((entry, index) => {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || !value) return;
    const given = Buffer.from(value, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched.push(index);
  });
  return matched;
}

/** Whether one of the signatures was made with `secret`. */
export function verifyWebhook(secret: string, request: ReceivedWebhook): boolean {
  return matchingSignatures(secret, request.headers, request.body).length > 0;
}
