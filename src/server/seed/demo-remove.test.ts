import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { getTestDatabase, resetTestDatabase } from '../../../tests/support/test-database';
import { createUser } from '../../../tests/support/auth';
import { buildOrder, createCustomer } from '../../../tests/factories/orders';
import { contractors } from '../modules/contractors/contractors.schema';
import { customers } from '../modules/customers/customers.schema';
import { jobTypes } from '../modules/job-types/job-types.schema';
import { messages } from '../modules/messages/messages.schema';
import { appMeta } from '../db/meta.schema';
import { orders } from '../modules/orders/orders.schema';
import { partners } from '../modules/partners/partners.schema';
import { users } from '../modules/users/users.schema';
import { describeDemoRemoval, demoUserEmails, removeDemoData } from './demo-remove';
import { demoJobTypes, demoPartners } from './orders.seed';
import { readSeedRecord, runFirstStartSeed } from './seed';

// Issue 9: `npm run cli -- demo:remove` takes the demo accounts and demo data out of a database
// that has them, and leaves real work alone.

let app: TestApp;
let realOrderId: string;
let realUserId: string;

beforeAll(async () => {
  await resetTestDatabase();
  const { db } = await getTestDatabase();
  // The seed as a first start makes it, a minute in the past, so real work comes after it.
  await runFirstStartSeed(db, { demo: true, now: new Date(Date.now() - 60_000) });
  app = await createTestApp();
  // Real work after the seed: an order for a demo partner and job type, a real user, a message.
  const [sbpm] = await db.select().from(partners).where(eq(partners.code, 'SBPM'));
  const [install] = await db.select().from(jobTypes).where(eq(jobTypes.code, 'STD_INSTALL'));
  const customer = await createCustomer(app, { email: 'real.customer@example.org' });
  const order = await buildOrder(app, {
    partnerId: sbpm!.id,
    jobTypeId: install!.id,
    customerId: customer.id,
  });
  realOrderId = order.id;
  realUserId = (await createUser(app, { email: 'ops@real.example.org' })).id;
  await db.insert(messages).values([
    { channel: 'email', kind: 'invitation', to: 'office@example.com', body: 'demo mail' },
    { channel: 'email', kind: 'invitation', to: 'ops@real.example.org', body: 'real mail' },
  ]);
}, 120_000);

describe('removeDemoData', () => {
  it('removes the demo accounts and data, keeps real work and what it uses', async () => {
    const db = app.deps.database.db;
    const demoOrderCount = (await db.select({ id: orders.id }).from(orders)).length - 1;
    expect(demoOrderCount).toBeGreaterThan(100);

    const result = await removeDemoData(db);
    expect(result.hadDemoData).toBe(true);
    expect(result.orders).toBe(demoOrderCount);
    expect(result.users).toBe(demoUserEmails().length);
    expect(result.kept).toEqual(
      expect.arrayContaining([
        'partner SBPM (real orders use it)',
        'job type STD_INSTALL (real orders use it)',
      ]),
    );

    // No demo sign-in is left; the real user is.
    const left = await db.select().from(users).where(inArray(users.email, demoUserEmails()));
    expect(left).toEqual([]);
    expect((await db.select().from(users).where(eq(users.id, realUserId))).length).toBe(1);
    // Only the real order and its customer remain.
    const remaining = await db.select({ id: orders.id }).from(orders);
    expect(remaining.map((o) => o.id)).toEqual([realOrderId]);
    const customerRows = await db.select({ email: customers.email }).from(customers);
    expect(customerRows).toEqual([{ email: 'real.customer@example.org' }]);
    // Partners and job types: only those real orders use.
    expect((await db.select({ code: partners.code }).from(partners)).map((p) => p.code)).toEqual([
      'SBPM',
    ]);
    const codes = (await db.select({ code: jobTypes.code }).from(jobTypes)).map((j) => j.code);
    expect(codes).toEqual(['STD_INSTALL']);
    expect(demoPartners.length + demoJobTypes.length).toBeGreaterThan(2);
    expect(await db.select().from(contractors)).toEqual([]);
    // Messages to demo people go; real ones stay.
    expect((await db.select({ to: messages.to }).from(messages)).map((m) => m.to)).toEqual([
      'ops@real.example.org',
    ]);
    // The demo company details go; the seed record now says no demo data.
    expect(await db.select().from(appMeta).where(eq(appMeta.key, 'company'))).toEqual([]);
    expect((await readSeedRecord(db))?.demo).toBe(false);
    expect(describeDemoRemoval(result)).toContain('Kept, because real work refers to them:');
  });

  it('a second run finds nothing to remove', async () => {
    const result = await removeDemoData(app.deps.database.db);
    expect(result.hadDemoData).toBe(false);
    expect(describeDemoRemoval(result)).toBe('This database has no demo data; nothing removed.');
  });
});
