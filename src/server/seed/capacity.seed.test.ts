import { eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getTestDatabase, resetTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../db/client';
import { users } from '../modules/users/users.schema';
import { visits } from '../modules/visits/visits.schema';
import type { VisitSlot } from '@shared/orders/order-status';
import { demoSeeders } from './seeders';

// Decision 034: an engineer takes one all-day visit a day, or one AM and one PM visit. The demo
// data must keep to it too, or the dispatch board shows days it would itself refuse.

/** The halves of the day a visit in `slot` takes. */
const halvesOf: Record<VisitSlot, ('am' | 'pm')[]> = {
  am: ['am'],
  pm: ['pm'],
  all_day: ['am', 'pm'],
};

/** Each engineer's day with a half taken twice, as "email date: slots". */
function overbookedDays(rows: { email: string; date: string; slot: VisitSlot }[]): string[] {
  const slotsByDay = new Map<string, VisitSlot[]>();
  for (const row of rows) {
    const key = `${row.email} ${row.date}`;
    slotsByDay.set(key, [...(slotsByDay.get(key) ?? []), row.slot]);
  }
  return [...slotsByDay]
    .filter(([, slots]) => {
      const halves = slots.flatMap((slot) => halvesOf[slot]);
      return new Set(halves).size < halves.length;
    })
    .map(([key, slots]) => `${key}: ${slots.join(' + ')}`);
}

describe('demo data and engineer capacity', () => {
  // Mid-month; the 1st and 2nd, when this month's completions crowd into a day or two; a Sunday
  // evening, when London's date is already Monday.
  it.each([
    '2026-06-15T10:00:00Z',
    '2026-07-01T08:00:00Z',
    '2026-06-02T10:00:00Z',
    '2026-06-14T23:30:00Z',
  ])('books no engineer beyond a day’s capacity when seeded at %s', async (at) => {
    await resetTestDatabase();
    const { db } = await getTestDatabase();
    const now = new Date(at);
    await db.transaction(async (tx) => {
      for (const seeder of demoSeeders) await seeder.run({ db: tx as unknown as Database, now });
    });

    const rows = await db
      .select({ email: users.email, date: visits.scheduledDate, slot: visits.slot })
      .from(visits)
      .innerJoin(users, eq(users.id, visits.engineerId))
      .where(ne(visits.status, 'cancelled'));
    expect(rows.length).toBeGreaterThan(50);
    expect(overbookedDays(rows)).toEqual([]);
  });
});
