import { and, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase, resetTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../db/client';
import { orders } from '../modules/orders/orders.schema';
import { users } from '../modules/users/users.schema';
import { visits } from '../modules/visits/visits.schema';
import type { VisitSlot } from '@shared/orders/order-status';
import { contractorWeekSeeder } from './contractor-week.seed';
import { findDemoContractor } from './demo-contractor';
import { ordersSeeder } from './orders.seed';

describe('contractor week demo seed', () => {
  let db: Database;
  let contractorId: string;
  const now = new Date('2026-06-15T10:00:00Z'); // a Monday

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
    await db.transaction(async (tx) => {
      const ctx = { db: tx as unknown as Database, now };
      await ordersSeeder.run(ctx);
      await contractorWeekSeeder.run(ctx);
    });
    contractorId = (await findDemoContractor(db))!.id;
  });

  it('leaves orders ready to schedule, close together, and one whose kit is not there', async () => {
    const waiting = await db
      .select({ kitStatus: orders.kitStatus })
      .from(orders)
      .where(
        and(
          eq(orders.contractorId, contractorId),
          eq(orders.status, 'assigned'),
          isNotNull(orders.contractorAcceptedAt),
        ),
      );
    const ready = waiting.filter(
      (o) => o.kitStatus === 'arrived' || o.kitStatus === 'customer_supplied',
    );
    expect(ready.length).toBeGreaterThanOrEqual(7);
    expect(waiting.some((o) => o.kitStatus === 'dispatched')).toBe(true);
  });

  it('fills the week for the company’s engineers, the dual-role owner too, within capacity', async () => {
    const booked = await db
      .select({ engineerId: visits.engineerId, date: visits.scheduledDate, slot: visits.slot })
      .from(visits)
      .where(
        and(
          eq(visits.contractorId, contractorId),
          gte(visits.scheduledDate, '2026-06-15'),
          inArray(visits.status, ['scheduled', 'in_progress']),
        ),
      );
    const [dual] = await db.select().from(users).where(eq(users.email, 'dual@example.com'));
    expect(booked.some((v) => v.engineerId === dual!.id)).toBe(true);
    const weekDays = new Set(booked.filter((v) => v.date <= '2026-06-19').map((v) => v.date));
    expect(weekDays.size).toBe(5);
    const byDay = new Map<string, VisitSlot[]>();
    for (const visit of booked) {
      const key = `${visit.engineerId}|${visit.date}`;
      const taken = byDay.get(key) ?? [];
      byDay.set(key, [...taken, visit.slot]);
    }
    expect(byDay.size).toBeGreaterThan(5);
  });
});
