import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase, resetTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../db/client';
import { contractors } from '../modules/contractors/contractors.schema';
import { users } from '../modules/users/users.schema';
import { isDualRole, isEngineerCapable } from '@shared/role-routing';
import { demoContractorName } from './demo-contractor';
import { demoSeeders } from './seeders';

// Issue 12: the demo contractor company has three engineers, one of them the dual-role owner,
// and the demo sign-ins keep the phones the README gives for SMS sign-in.
describe('demo contractor engineers', () => {
  let db: Database;

  beforeAll(async () => {
    await resetTestDatabase();
    db = (await getTestDatabase()).db;
    const now = new Date('2026-06-15T10:00:00Z');
    await db.transaction(async (tx) => {
      for (const seeder of demoSeeders) await seeder.run({ db: tx as unknown as Database, now });
    });
  });

  it('gives the demo contractor three engineers with phones, the dual-role owner among them', async () => {
    const [company] = await db
      .select()
      .from(contractors)
      .where(eq(contractors.name, demoContractorName));
    const members = await db.select().from(users).where(eq(users.contractorId, company!.id));
    const engineers = members.filter((user) => isEngineerCapable(user));
    expect(engineers.map((e) => [e.email, e.phone]).sort()).toEqual([
      ['dual@example.com', '+447700900002'],
      ['engineer@example.com', '+447700900001'],
      ['sam.penrose@tamar-satellite.example.com', '+447700900003'],
    ]);
    expect(engineers.filter((user) => isDualRole(user)).map((u) => u.email)).toEqual([
      'dual@example.com',
    ]);
    // The plain contractor account runs the company but is not an engineer.
    expect(members.map((m) => m.email)).toContain('contractor@example.com');
  });
});
