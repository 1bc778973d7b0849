import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from './support/auth';
import { freePort, spawnServer, type ServerProcess } from './support/server-process';

const started: ServerProcess[] = [];

afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
});

async function start(env: Record<string, string> = {}) {
  const port = await freePort();
  const server = spawnServer({ PORT: String(port), ...env });
  started.push(server);
  return server;
}

// Each test starts real server processes (a first start seeds the demo data), slow on a busy machine.
describe('the server process', { timeout: 120_000 }, () => {
  it('refuses a bad PORT, naming the variable', async () => {
    const server = await start({ PORT: 'abc' });
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toMatch(/PORT: must be a port number/);
  });

  it('seeds on the first start only, and reuses the data on the next', async () => {
    const first = await start();
    await first.ready;
    expect(first.output()).toContain('Demo data added (first start).');
    const ready = await fetch(`${first.url}/readyz`);
    expect(ready.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await start({ DATA_DIR: first.dataDir });
    await second.ready;
    expect(second.output()).not.toContain('Demo data added');
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
  });

  it('says plainly when another process holds the embedded data folder', async () => {
    const first = await start();
    await first.ready;
    const second = await start({ DATA_DIR: first.dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Uplink process');
  });

  it('finishes a request in flight when told to stop by SIGTERM, then exits 0', async () => {
    // At info the server logs each incoming request: the stop is sent once it has this one.
    const server = await start({ LOG_LEVEL: 'info' });
    await server.ready;
    // A request whose body is still arriving is in flight until the last byte is sent.
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${server.url}/api/nothing-here`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += String(chunk)));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('{"half":');
      waitFor(async () => (server.output().includes('/api/nothing-here') ? true : null))
        .then(() => {
          server.child.kill('SIGTERM');
          // The rest of the body arrives while the server is stopping.
          setTimeout(() => req.end('"done"}'), 500);
        })
        .catch(reject);
    });
    const answer = await response;
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await server.exited).toBe(0);
    // New connections are refused once the server is stopping.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});
