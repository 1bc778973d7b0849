// Decision 076: the blocked list in memory answers exactly as the database's `ip >>= address`
// did, and a change made by any connection (another server, psql, a restore) holds at once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { getTestDatabase } from '../../../../tests/support/test-database';
import { waitFor } from '../../../../tests/support/auth';
import { workerDatabaseUrl } from '../../../../tests/support/test-database';
import {
  addressBytes,
  blockedListSource,
  isIpBlocked,
  isIpBlockedInDatabase,
} from './blocked-ips.service';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await getTestDatabase();
  await handle.exec('delete from blocked_ips');
});
afterAll(async () => {
  await handle.exec('delete from blocked_ips');
});

/** A row written straight into the table, as another process (or psql) would. */
const insertBlock = (ip: string, expiresIn: string | null = null) =>
  handle.query(
    `insert into blocked_ips (ip, reason, source, expires_at)
     values ($1::inet, 'test', 'manual', ${expiresIn ? `now() + $2::interval` : 'null'})`,
    expiresIn ? [ip, expiresIn] : [ip],
  );

describe('the blocked list in memory', () => {
  it('reads addresses as bytes (IPv4, IPv6, IPv4 inside IPv6)', () => {
    expect([...addressBytes('203.0.113.7')!]).toEqual([203, 0, 113, 7]);
    expect([...addressBytes('2001:db8::1')!]).toEqual([
      0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
    ]);
    expect([...addressBytes('::ffff:10.1.2.3')!]).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 1, 2, 3,
    ]);
    expect([...addressBytes('1:2:3:4:5:6:7:8')!].filter((_, i) => i % 2 === 1)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    expect(addressBytes('not an address')).toBeNull();
  });

  it('answers as the database does, for addresses and ranges of both families', async () => {
    expect(await blockedListSource(handle)).toBe('memory');
    for (const range of [
      '198.51.100.7',
      '172.30.0.0/16',
      '10.1.2.3/8',
      '192.0.2.128/25',
      '2001:db8::/32',
      '2001:db8:1::5',
      '::ffff:203.0.113.9',
      '0.0.0.0/1',
    ]) {
      await insertBlock(range);
    }
    await insertBlock('192.0.2.0/30', '-1 minute'); // expired
    const addresses = [
      '198.51.100.7',
      '198.51.100.8',
      '172.30.9.9',
      '172.31.9.9',
      '10.200.0.1',
      '11.0.0.1',
      '192.0.2.200',
      '192.0.2.100',
      '192.0.2.1',
      '127.0.0.1',
      '200.1.1.1',
      '2001:db8:ffff::1',
      '2001:db9::1',
      '2001:db8:1::5',
      '2001:db8:1::6',
      '203.0.113.9',
      '::ffff:203.0.113.9',
      '::1',
    ];
    for (const address of addresses) {
      expect(await isIpBlocked(handle, address), address).toBe(
        await isIpBlockedInDatabase(handle, address),
      );
    }
    // Not every answer is the same one.
    expect(await isIpBlocked(handle, '172.30.9.9')).toBe(true);
    expect(await isIpBlocked(handle, '200.1.1.1')).toBe(false);
    await handle.exec('delete from blocked_ips');
  });

  it('holds a change made by another connection at once, and a block ends at its expiry', async () => {
    expect(await blockedListSource(handle)).toBe('memory');
    const ip = '100.64.1.1';
    /** PGlite hears a change as its statement commits; PostgreSQL a moment later. */
    const answers = async (expected: boolean) => {
      if (handle.kind === 'pglite') expect(await isIpBlocked(handle, ip)).toBe(expected);
      else
        await waitFor(async () => ((await isIpBlocked(handle, ip)) === expected ? true : null), {
          timeoutMs: 1_000,
          intervalMs: 10,
        });
    };
    await answers(false);
    await insertBlock('100.64.0.0/16');
    await answers(true);
    await handle.exec(`update blocked_ips set expires_at = now() + interval '1 second'`);
    await answers(true);
    // No change announced: the block ends when its time is up.
    await waitFor(async () => ((await isIpBlocked(handle, ip)) ? null : true), {
      timeoutMs: 4_000,
    });
    await handle.exec('truncate blocked_ips');
    await insertBlock(ip);
    await answers(true);
    await handle.exec('truncate blocked_ips');
    await answers(false);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a block written by another server holds on this one (PostgreSQL)',
    async () => {
      const other = await openDatabase({
        databaseUrl: workerDatabaseUrl(
          process.env.TEST_DATABASE_URL!,
          process.env.VITEST_POOL_ID ?? '1',
        ),
        maxConnections: 1,
      });
      try {
        expect(await blockedListSource(handle)).toBe('memory');
        expect(await blockedListSource(other)).toBe('memory');
        expect(await isIpBlocked(handle, '100.65.0.1')).toBe(false);
        await other.db.execute(
          sql`insert into blocked_ips (ip, reason, source) values ('100.65.0.0/24', 'x', 'manual')`,
        );
        await waitFor(async () => ((await isIpBlocked(handle, '100.65.0.1')) ? true : null), {
          timeoutMs: 1_000,
          intervalMs: 10,
        });
      } finally {
        await other.close();
        await handle.exec('delete from blocked_ips');
      }
    },
  );
});
