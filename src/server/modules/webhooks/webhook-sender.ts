import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveTarget, type GuardOptions } from './address-guard';

// One POST to a partner's URL, through the address guard (decision 047): the host is resolved
// and checked first, and the connection is made to that checked address (the lookup below
// answers only it). Redirects are never followed: a 3xx is a failed attempt.

export type SendResult = {
  remoteAddress: string | null;
  status: number | null;
  /** The first bytes of the answer, as text. */
  body: string | null;
  error: string | null;
  durationMs: number;
};

export const sendTimeoutMs = 10_000;
const bodySnippetBytes = 2048;

export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  guard: GuardOptions,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target;
  try {
    target = await resolveTarget(url, guard);
  } catch (error) {
    return {
      remoteAddress: null,
      status: null,
      body: null,
      error: message(error),
      durationMs: elapsed(),
    };
  }
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
  const parsed = new URL(url);
  const client = parsed.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    const request = client.request(
      parsed,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinned,
        agent: false,
        timeout: sendTimeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < bodySnippetBytes) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const status = response.statusCode ?? null;
          const location = response.headers.location;
          resolve({
            remoteAddress: target.address,
            status,
            body: Buffer.concat(chunks).subarray(0, bodySnippetBytes).toString('utf8'),
            error:
              status !== null && status >= 300 && status < 400
                ? `redirect not followed${location ? ` (to ${location.slice(0, 500)})` : ''}`
                : null,
            durationMs: elapsed(),
          });
        });
        response.on('error', (error) =>
          resolve({
            remoteAddress: target.address,
            status: response.statusCode ?? null,
            body: null,
            error: message(error),
            durationMs: elapsed(),
          }),
        );
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`no answer within ${sendTimeoutMs / 1000} s`)),
    );
    request.on('error', (error) =>
      resolve({
        remoteAddress: target.address,
        status: null,
        body: null,
        error: message(error),
        durationMs: elapsed(),
      }),
    );
    request.end(body);
  });
}

function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
