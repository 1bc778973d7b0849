import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, createCustomer } from '../../../../tests/factories/orders';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { customerRetentionJob, registerJobs } from '../../jobs/register';
import { auditLog } from '../audit/audit.schema';
import { writeSetting } from '../settings/settings.service';
import { anonymiseCustomersPastRetention } from './customer-data.service';
import { customers } from './customers.schema';

// Issue 21: the daily job anonymises customers whose orders all finished longer ago than the
// retention setting (default 730 days), at moments the test gives: the job takes its clock as an
// argument, so the job queue running in the same process never sees a false date.

let app: TestApp;
const db = () => app.deps.database.db;
const dayMs = 24 * 60 * 60 * 1000;
const today = new Date('2030-06-15T02:10:00Z');
const daysAgo = (days: number) => new Date(today.getTime() - days * dayMs);

beforeAll(async () => {
  app = await createTestApp();
});

const anonymisedAt = async (id: string) =>
  (await db().select().from(customers).where(eq(customers.id, id)))[0]!.anonymisedAt;

describe('the customer retention job', () => {
  it('is scheduled daily at 02:10 UK time', async () => {
    const schedules = new Map<string, string>();
    const queue = {
      ...app.deps.queue,
      register: async () => {},
      schedule: async (name: string, cron: string) => void schedules.set(name, cron),
    };
    await registerJobs({ ...app.deps, queue });
    expect(schedules.get(customerRetentionJob)).toBe('10 2 * * *');
  });

  it('anonymises only customers whose orders all finished before the retention period', async () => {
    const expired = await createCustomer(app, { firstName: 'Expired' });
    await buildOrder(app, { customerId: expired.id, status: 'closed', closedAt: daysAgo(800) });
    await buildOrder(app, {
      customerId: expired.id,
      status: 'cancelled',
      cancelledAt: daysAgo(731),
    });
    const recent = await createCustomer(app, { firstName: 'Recent' });
    await buildOrder(app, { customerId: recent.id, status: 'closed', closedAt: daysAgo(800) });
    await buildOrder(app, { customerId: recent.id, status: 'closed', closedAt: daysAgo(100) });
    const open = await createCustomer(app, { firstName: 'Open' });
    await buildOrder(app, { customerId: open.id, status: 'closed', closedAt: daysAgo(900) });
    await buildOrder(app, { customerId: open.id, status: 'scheduled' });
    const noOrders = await createCustomer(app, { firstName: 'Lead' });

    expect(await anonymiseCustomersPastRetention(app.deps, today)).toBe(1);
    expect(await anonymisedAt(expired.id)).toEqual(today);
    for (const kept of [recent, open, noOrders]) expect(await anonymisedAt(kept.id)).toBeNull();
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, expired.id));
    expect(audit).toMatchObject({
      action: 'customer.anonymised',
      actorUserId: null,
      details: { source: 'retention' },
    });

    // The next day: nothing new, the anonymised customer is not done twice.
    expect(await anonymiseCustomersPastRetention(app.deps, new Date(today.getTime() + dayMs))).toBe(
      0,
    );

    // 101 days on, the recent customer's last order is past a 200-day setting.
    await writeSetting(db(), 'customer_data_retention_days', 200, null, new Date());
    expect(
      await anonymiseCustomersPastRetention(app.deps, new Date(today.getTime() + 101 * dayMs)),
    ).toBe(1);
    expect(await anonymisedAt(recent.id)).not.toBeNull();
    expect(await anonymisedAt(open.id)).toBeNull();
    await writeSetting(db(), 'customer_data_retention_days', 730, null, new Date());
  });

  it('keeps customers exactly at the retention boundary', async () => {
    const boundary = await createCustomer(app);
    await buildOrder(app, { customerId: boundary.id, status: 'closed', closedAt: daysAgo(730) });
    expect(await anonymiseCustomersPastRetention(app.deps, today)).toBe(0);
    expect(await anonymiseCustomersPastRetention(app.deps, new Date(today.getTime() + 1000))).toBe(
      1,
    );
  });
});
