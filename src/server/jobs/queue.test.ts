import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase } from '../../../tests/support/test-database';
import { createJobQueue, type JobQueue } from './queue';

async function waitFor(check: () => boolean, timeoutMs = 15_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('job queue', () => {
  let queue: JobQueue;
  const handled: string[] = [];
  let failuresLeft = 1;

  beforeAll(async () => {
    queue = createJobQueue(await getTestDatabase(), {
      runWorkers: true,
      pollingIntervalSeconds: 0.5,
    });
    await queue.register<{ word: string }>('test-echo', async ({ word }) => {
      handled.push(word);
    });
    await queue.register<{ word: string }>('test-flaky', async ({ word }) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('provider unavailable');
      }
      handled.push(word);
    });
    await queue.start();
  });

  afterAll(async () => {
    await queue.stop();
  });

  it('runs a queued job in the worker', async () => {
    await queue.send('test-echo', { word: 'hello' });
    await waitFor(() => handled.includes('hello'));
  });

  it('retries a job that failed', async () => {
    await queue.send('test-flaky', { word: 'second try' }, { retryLimit: 2, retryDelay: 1 });
    await waitFor(() => handled.includes('second try'));
    expect(failuresLeft).toBe(0);
  });
});
