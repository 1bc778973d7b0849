import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { withCspNonce } from './csp-nonce';

// The web app's page (index.html) for every client route. It carries the response's own CSP
// nonce (issue 18), so it differs on every answer and cannot be sent from the copies compressed
// at build time (decision 025): it is compressed here, which for its 2 KB costs well under a
// millisecond. The file is read on each request, so a rebuild's new page is served at once.

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

type Encoding = 'br' | 'gzip';

/** The best encoding the Accept-Encoding header allows (q=0 refuses one), or null: identity. */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const allowed = (name: Encoding) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return null;
}

export async function sendAppPage(request: FastifyRequest, reply: FastifyReply, distDir: string) {
  const template = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const html = withCspNonce(template, reply.raw);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (!encoding) return reply.send(html);
  const body =
    encoding === 'br'
      ? await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : await gzipped(html);
  return reply.header('content-encoding', encoding).send(body);
}
