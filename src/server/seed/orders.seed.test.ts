import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase, resetTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../db/client';
import { contractors } from '../modules/contractors/contractors.schema';
import { orderEvents } from '../modules/orders/order-events.schema';
import { orders } from '../modules/orders/orders.schema';
import { partners } from '../modules/partners/partners.schema';
import { users } from '../modules/users/users.schema';
import { visits } from '../modules/visits/visits.schema';
import { kitTransitions, statusTransitions } from '@shared/orders/order-lifecycle';
import { kitStatuses, orderStatuses } from '@shared/orders/order-status';
import { customers } from '../modules/customers/customers.schema';
import { demoContractorName } from './demo-contractor';
import { demoCustomer, ordersSeeder } from './orders.seed';

describe('orders demo seed', () => {
  let db: Database;
  const now = new Date('2026-06-15T10:00:00Z');

  beforeAll(async () => {
    await resetTestDatabase();
    db = (await getTestDatabase()).db;
    await db.insert(users).values([
      {
        email: 'contractor@example.com',
        role: 'contractor',
        firstName: 'Demo',
        lastName: 'Contractor',
      },
      { email: 'engineer@example.com', role: 'engineer', firstName: 'Demo', lastName: 'Engineer' },
      {
        email: 'dual@example.com',
        role: 'contractor',
        additionalRoles: ['engineer'],
        firstName: 'Demo',
        lastName: 'Dual',
      },
    ]);
    await db.transaction(async (tx) => ordersSeeder.run({ db: tx as unknown as Database, now }));
  });

  it('makes about 200 orders over every status and kit status, with SBPM among partners', async () => {
    const rows = await db.select().from(orders);
    expect(rows.length).toBe(200);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(orderStatuses));
    expect(new Set(rows.map((r) => r.kitStatus))).toEqual(new Set(kitStatuses));
    const names = (await db.select().from(partners)).map((p) => p.name);
    expect(names).toContain('SBPM');
    for (const row of rows)
      expect(row.orderNumber).toMatch(/^UPL-\d{4}-\d{6}-[2-9A-HJKMNP-TV-Z]{4}$/);
  });

  it('links the demo accounts to the demo contractor', async () => {
    const [company] = await db
      .select()
      .from(contractors)
      .where(eq(contractors.name, demoContractorName));
    const linked = await db.select().from(users).where(eq(users.contractorId, company!.id));
    expect(linked.map((u) => u.email)).toEqual(
      expect.arrayContaining([
        'contractor@example.com',
        'engineer@example.com',
        'dual@example.com',
      ]),
    );
    const engineer = linked.find((u) => u.email === 'engineer@example.com')!;
    const own = await db.select().from(visits).where(eq(visits.engineerId, engineer.id));
    expect(own.length).toBeGreaterThan(5);
    const today = await db.select().from(visits).where(eq(visits.scheduledDate, '2026-06-15'));
    expect(today.length).toBeGreaterThan(0);
  });

  it('makes the demo customer account the customer of a few orders at different stages', async () => {
    const records = await db
      .select()
      .from(customers)
      .where(eq(customers.email, 'customer@example.com'));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      firstName: 'Cara',
      lastName: 'Customer',
      town: demoCustomer.town,
      postcode: demoCustomer.postcode,
      validationStatus: 'validated',
    });
    const own = await db.select().from(orders).where(eq(orders.customerId, records[0]!.id));
    expect(own.map((o) => o.status).sort()).toEqual(['completed', 'scheduled', 'validated']);
    expect(Math.min(...own.map((o) => o.receivedAt.getTime()))).toBe(
      records[0]!.createdAt.getTime(),
    );
    const events = await db.select().from(orderEvents);
    const ownIds = new Set(own.map((o) => o.id));
    for (const event of events.filter((e) => ownIds.has(e.orderId) && e.actorRole === 'customer'))
      expect(event.actorName).toBe('Cara Customer');
    // Deterministic: every customer reference is used once, in sequence.
    const refs = (await db.select().from(customers)).map((c) => c.reference).sort();
    expect(new Set(refs).size).toBe(refs.length);
    expect(refs).toHaveLength(198);
  });

  it('gives every order an event chain the lifecycle allows, ending in its state', async () => {
    const rows = await db.select().from(orders);
    const events = await db.select().from(orderEvents).orderBy(asc(orderEvents.createdAt));
    const byOrder = new Map<string, (typeof events)[number][]>();
    for (const event of events)
      byOrder.set(event.orderId, [...(byOrder.get(event.orderId) ?? []), event]);
    for (const order of rows) {
      const chain = byOrder.get(order.id)!;
      expect(chain[0]!.type).toBe('created');
      for (let i = 1; i < chain.length; i += 1) {
        const event = chain[i]!;
        expect(event.fromStatus).toBe(chain[i - 1]!.toStatus);
        expect(event.fromKitStatus).toBe(chain[i - 1]!.toKitStatus);
        const row = [...statusTransitions, ...kitTransitions].find(
          (t) =>
            t.action === event.type &&
            t.actors.includes(event.actorRole as never) &&
            ((t.from as readonly string[]).includes(event.fromStatus!) ||
              (t.from as readonly string[]).includes(event.fromKitStatus!)),
        );
        expect(row, `${order.orderNumber} ${event.type} by ${event.actorRole}`).toBeTruthy();
      }
      const last = chain[chain.length - 1]!;
      expect(last.toStatus).toBe(order.status);
      expect(last.toKitStatus).toBe(order.kitStatus);
    }
  });

  it('gives scheduled and in-progress orders their current visit', async () => {
    const rows = await db.select().from(orders);
    const all = await db.select().from(visits);
    for (const order of rows.filter(
      (o) => o.status === 'scheduled' || o.status === 'in_progress',
    )) {
      const active = all.filter(
        (v) => v.orderId === order.id && (v.status === 'scheduled' || v.status === 'in_progress'),
      );
      expect(active).toHaveLength(1);
      expect(active[0]!.contractorId).toBe(order.contractorId);
    }
  });
});
