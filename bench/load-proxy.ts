// The load bench's reverse proxy (a child process of bench/load.ts): what nginx or a cloud load
// balancer does in front of two or more app processes, in node:http.
// - Round robin over the backends whose /readyz answers 200, polled every second (each check
//   is a request whose CPU the app's figures include, so not more often): a process that is
//   draining (SIGTERM) answers 503 there, or stops answering, and gets no new request.
// - A request that fails before any answer (connection refused or reset, a backend closing a
//   kept-alive connection as it drains), or that a draining backend answers 503, is sent again
//   to another backend when that is safe: GET, HEAD, PUT and DELETE, or any request with an
//   Idempotency-Key (the app replays its first answer).
// - X-Forwarded-For gets the caller's address appended, as any proxy does (TRUST_PROXY=true).
// Controlled over IPC: { backends: string[] } sets the pool, { stats: true } asks for counts.
import http from 'node:http';

type Backend = { url: URL; ready: boolean; agent: http.Agent; requests: number };

const backends = new Map<string, Backend>();
let next = 0;
const stats = { requests: 0, retries: 0, failed: 0, noBackendWaits: 0 };
/** Why a backend failed a request (which was then sent again, or answered 502). */
const reasons: Record<string, number> = {};
const retryWindowMs = 15_000;

function setBackends(urls: string[]) {
  for (const [key, backend] of backends) {
    if (!urls.includes(key)) {
      backend.agent.destroy();
      backends.delete(key);
    }
  }
  for (const url of urls) {
    if (!backends.has(url))
      backends.set(url, {
        url: new URL(url),
        ready: false,
        agent: new http.Agent({ keepAlive: true, maxSockets: 256 }),
        requests: 0,
      });
  }
}

async function poll(backend: Backend) {
  const ready = await new Promise<boolean>((resolve) => {
    const req = http.get(new URL('/readyz', backend.url), { timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
  backend.ready = ready;
}

setInterval(() => {
  for (const backend of backends.values()) void poll(backend);
}, 1000).unref();

function pick(exclude: Set<Backend>): Backend | undefined {
  const ready = [...backends.values()].filter((b) => b.ready && !exclude.has(b));
  const pool = ready.length > 0 ? ready : [...backends.values()].filter((b) => b.ready);
  if (pool.length === 0) return undefined;
  next = (next + 1) % pool.length;
  return pool[next];
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Attempt =
  | { kind: 'answer'; res: http.IncomingMessage }
  | { kind: 'failed'; error: Error; sent: boolean };

function forward(
  backend: Backend,
  req: http.IncomingMessage,
  headers: http.OutgoingHttpHeaders,
  body: Buffer,
): Promise<Attempt> {
  return new Promise((resolve) => {
    backend.requests += 1;
    const upstream = http.request(
      {
        host: backend.url.hostname,
        port: backend.url.port,
        method: req.method,
        path: req.url,
        headers,
        agent: backend.agent,
      },
      (res) => resolve({ kind: 'answer', res }),
    );
    upstream.on('error', (error) => resolve({ kind: 'failed', error, sent: false }));
    upstream.end(body);
  });
}

const server = http.createServer(async (req, res) => {
  stats.requests += 1;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const peer = req.socket.remoteAddress ?? '127.0.0.1';
  const forwardedFor = req.headers['x-forwarded-for'];
  const headers: http.OutgoingHttpHeaders = {
    ...req.headers,
    'x-forwarded-for': forwardedFor ? `${String(forwardedFor)}, ${peer}` : peer,
    'x-forwarded-proto': 'http',
    'x-forwarded-host': req.headers.host,
    connection: 'keep-alive',
    'content-length': String(body.length),
  };
  delete headers['transfer-encoding'];
  const retryable =
    ['GET', 'HEAD', 'PUT', 'DELETE'].includes(req.method ?? '') ||
    req.headers['idempotency-key'] !== undefined;
  const deadline = Date.now() + retryWindowMs;
  const tried = new Set<Backend>();
  let lastError = 'no backend ready';
  let attempts = 0;
  while (Date.now() < deadline) {
    const backend = pick(tried);
    if (!backend) {
      stats.noBackendWaits += 1;
      await wait(50);
      continue;
    }
    if (attempts > 0) stats.retries += 1;
    attempts += 1;
    const result = await forward(backend, req, headers, body);
    if (result.kind === 'answer') {
      const draining = result.res.statusCode === 503 && retryable;
      if (!draining) {
        res.writeHead(result.res.statusCode ?? 502, result.res.headers);
        result.res.pipe(res);
        return;
      }
      result.res.resume();
      lastError = 'backend answered 503';
    } else {
      lastError = result.error.message;
    }
    reasons[lastError] = (reasons[lastError] ?? 0) + 1;
    // This backend failed the request: leave it out until its health check says ready again.
    backend.ready = false;
    tried.add(backend);
    if (!retryable) break;
  }
  stats.failed += 1;
  res.writeHead(502, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message: `proxy: ${lastError}`, code: 'BAD_GATEWAY' }));
});
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

process.on('message', (message: { backends?: string[]; stats?: boolean }) => {
  if (message.backends) setBackends(message.backends);
  if (message.stats)
    process.send?.({
      stats: {
        ...stats,
        reasons,
        backends: Object.fromEntries(
          [...backends].map(([url, b]) => [url, { ready: b.ready, requests: b.requests }]),
        ),
      },
    });
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
