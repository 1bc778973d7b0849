import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../tests/support/auth';
import { getTestDatabase } from '../../../tests/support/test-database';
import type { DatabaseHandle } from '../db/client';
import { createJobQueue, type JobQueue } from './queue';

// Two queues on one database stand for two servers sharing one PostgreSQL.
describe('scheduled jobs', () => {
  let database: DatabaseHandle;
  const queues: JobQueue[] = [];
  const runs: { name: string; at: Date; data: object }[] = [];
  const runsOf = (name: string) => runs.filter((run) => run.name === name);

  const newQueue = () => {
    const queue = createJobQueue(database, {
      runWorkers: true,
      pollingIntervalSeconds: 0.5,
      cronMonitorIntervalSeconds: 1,
      cronWorkerIntervalSeconds: 1,
    });
    queues.push(queue);
    return queue;
  };

  beforeAll(async () => {
    database = await getTestDatabase();
    // pg-boss fires a schedule's latest due time as soon as it first sees the schedule. Seen in
    // a minute's last seconds, that run can start after the minute ends, beside the next due
    // time's own run, and the test below, which counts runs per minute, would take the two for
    // one due time run twice. So the schedules start clear of the minute's end.
    await waitFor(async () => (new Date().getSeconds() < 45 ? true : null), {
      timeoutMs: 20_000,
      intervalMs: 250,
    });
    for (const queue of [newQueue(), newQueue()]) {
      await queue.schedule<{ from: string }>(
        'test-every-minute',
        '* * * * *',
        async (data) => {
          runs.push({ name: 'test-every-minute', at: new Date(), data });
        },
        { data: { from: 'schedule' } },
      );
      await queue.register<{ n: number }>('test-at-a-time', async (data) => {
        runs.push({ name: 'test-at-a-time', at: new Date(), data });
      });
      await queue.start();
    }
  });

  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await database.exec(`delete from pgboss.schedule where name like 'test-%'`);
  });

  it('runs a registered schedule once per due time, however many servers share the database', async () => {
    await waitFor(async () => (runsOf('test-every-minute').length > 0 ? true : null), {
      timeoutMs: 20_000,
    });
    expect(runsOf('test-every-minute')[0]!.data).toEqual({ from: 'schedule' });
    // Let both cron monitors look again a few times (they check every second): still one run.
    const firstCheck = await cronCheckedAt(database);
    await waitFor(
      async () => ((await cronCheckedAt(database)) > firstCheck + 3_000 ? true : null),
      { timeoutMs: 20_000 },
    );
    await waitFor(async () => {
      const { rows } = await database.query(
        `select count(*)::int as n from pgboss.job
          where name = 'test-every-minute' and state in ('created', 'retry', 'active')`,
      );
      return Number(rows[0]!.n) === 0 ? true : null;
    });
    const minute = Math.floor(runsOf('test-every-minute')[0]!.at.getTime() / 60_000);
    const sameMinute = runsOf('test-every-minute').filter(
      (run) => Math.floor(run.at.getTime() / 60_000) === minute,
    );
    expect(sameMinute).toHaveLength(1);
  }, 45_000);

  it('runs a job at a given time, not before', async () => {
    const at = new Date(Date.now() + 2_000);
    await queues[0]!.sendAt('test-at-a-time', { n: 1 }, at);
    const run = await waitFor(async () => runsOf('test-at-a-time')[0], { timeoutMs: 15_000 });
    expect(run.at.getTime()).toBeGreaterThanOrEqual(at.getTime() - 50);
    expect(runsOf('test-at-a-time')).toHaveLength(1);
  });

  it('refuses a bad cron expression before it reaches the database', async () => {
    await expect(queues[0]!.schedule('test-bad', 'every day', async () => {})).rejects.toThrow(
      /Bad cron expression "every day"/,
    );
  });
});

async function cronCheckedAt(database: DatabaseHandle): Promise<number> {
  const { rows } = await database.query(`select cron_on from pgboss.version`);
  const value = rows[0]?.cron_on;
  return value ? new Date(value as string).getTime() : 0;
}
