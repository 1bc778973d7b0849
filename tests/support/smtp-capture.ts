// A local SMTP server that keeps every message it receives, for HTTP and browser tests.
// Framework-free (no vitest imports) so Playwright fixtures can use it too.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedEmail = {
  from: string;
  to: string[];
  subject: string;
  /** The plain-text body, decoded. */
  text: string;
  raw: string;
  receivedAt: Date;
};

export type SmtpCapture = {
  port: number;
  /** For SMTP_URL. */
  url: string;
  messages: CapturedEmail[];
  /** The first message to this address received after `since` (strictly; default: any), waiting up to `timeoutMs`. */
  waitForMessage(
    to: string,
    options?: { timeoutMs?: number; since?: Date },
  ): Promise<CapturedEmail>;
  /** Makes the next `count` messages fail with a temporary error (for retry tests). */
  failNext(count: number): void;
  clear(): void;
  close(): Promise<void>;
};

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (char === '=' && /^[0-9A-F]{2}$/i.test(source.slice(i + 1, i + 3))) {
      bytes.push(parseInt(source.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeaderWord(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, encoding: string, data: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** Splits a simple (single-part, as nodemailer sends plain text) message into headers and text. */
export function parseEmail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body);
  else if (encoding === 'base64')
    text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { headers, text: text.replace(/\r\n/g, '\n') };
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedEmail[] = [];
  const waiters = new Set<() => void>();
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          const error = Object.assign(new Error('Temporary failure, try again later'), {
            responseCode: 451,
          });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const { headers, text } = parseEmail(raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: decodeHeaderWord(headers.subject ?? ''),
          text,
          raw,
          receivedAt: new Date(),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessage(to, options = {}) {
      const address = to.toLowerCase();
      const since = options.since ?? new Date(0);
      const find = () => messages.find((m) => m.to.includes(address) && m.receivedAt > since);
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
          reject(new Error(`No email to ${to} within ${options.timeoutMs ?? 10_000} ms`));
        }, options.timeoutMs ?? 10_000);
        waiters.add(wake);
      });
    },
    failNext(count) {
      failures = count;
    },
    clear() {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code in a message text. */
export function extractCode(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`No 6-digit code in: ${text}`);
  return match[1]!;
}

/** The set-password link in a message text. */
export function extractSetPasswordLink(text: string): string {
  const match = /(https?:\/\/\S+\/set-password\?token=[\w%-]+)/.exec(text);
  if (!match) throw new Error(`No set-password link in: ${text}`);
  return match[1]!;
}
