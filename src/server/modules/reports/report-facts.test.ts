import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderEvents } from '../orders/order-events.schema';
import { visits } from '../visits/visits.schema';
import {
  contractorReportFacts,
  contractorReportFromEvents,
  partnerReportFacts,
  partnerReportFromEvents,
  type ReportAggregate,
  type ReportWindow,
} from '../orders/projections/reports.projection';
import {
  buildOrder,
  createContractor,
  createJobType,
  createPartner,
} from '../../../../tests/factories/orders';
import { createUser } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

// Decision 077: the reports read `report_facts`, written by a trigger as each order event is
// written. Here the figures from the facts are checked against the same figures read from the
// events themselves (decision 068's statements), over orders with varied lifecycles written one
// event at a time and several events (and orders) to a statement; and the rebuild (the
// migration's backfill, and a restore's) is checked to write the very facts the trigger wrote.

/** A seeded generator, so that every run builds the same orders. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type EventRow = typeof orderEvents.$inferInsert;

/** Rows in one order, the medians only where the reports read them (an owner's totals). */
function comparable(rows: ReportAggregate[]) {
  return rows
    .map((row) => ({
      key: [row.owner_id, row.kind, row.reason, row.day, row.by_reason, row.by_day].join('|'),
      n: row.n,
      hits: row.hits,
      total: row.total,
      median:
        row.by_reason === 1 && row.by_day === 1 && row.median_days !== null
          ? Math.round(row.median_days * 1e6) / 1e6
          : null,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

describe('report facts (decision 077)', () => {
  let app: TestApp;
  let ids: { contractors: string[]; partners: string[] };

  beforeAll(async () => {
    app = await createTestApp();
    const db = app.deps.database.db;
    const contractors = [
      await createContractor(app, { name: 'Facts Alpha' }),
      await createContractor(app, { name: 'Facts Beta' }),
    ];
    const partners = [
      await createPartner(app, { name: 'Facts SBPM', code: 'FSBPM' }),
      await createPartner(app, { name: 'Facts Quay', code: 'FQUAY' }),
    ];
    ids = { contractors: contractors.map((c) => c.id), partners: partners.map((p) => p.id) };
    const jobType = await createJobType(app);
    const engineers = [
      await createUser(app, { role: 'engineer', contractorId: contractors[0]!.id }),
      await createUser(app, { role: 'engineer', contractorId: contractors[1]!.id }),
    ];
    const pick = random(77);
    const hours = (n: number) => n * 3_600_000;
    const reasons = ['Too far', 'No capacity', '  ', null];
    const failures = ['customer_absent', 'no_access', undefined];
    // Received from 10 January to 20 March 2026; the clocks go forward on 29 March.
    const start = Date.parse('2026-01-10T07:00:00Z');
    const batched: EventRow[] = [];
    for (let i = 0; i < 18; i += 1) {
      const received = new Date(start + Math.floor(pick() * 70 * 24) * hours(1));
      const order = await buildOrder(app, {
        partnerId: ids.partners[i % 2]!,
        jobTypeId: jobType.id,
        receivedAt: received,
        payoutPence: 8_000 + 1_000 * (i % 5),
        slaTargetDays: 7 + (i % 3) * 5,
      });
      let at = received.getTime();
      const later = () => (at += hours(1 + Math.floor(pick() * 60)));
      const events: EventRow[] = [];
      const event = (type: string, data: Record<string, unknown> = {}, reason?: string | null) =>
        events.push({
          orderId: order.id,
          type,
          actorRole: 'back_office',
          actorName: 'Facts',
          data,
          reason: reason ?? null,
          createdAt: new Date(later()),
        });
      // Offers, some declined, until one is accepted (or none is).
      let chosen = -1;
      for (let offer = 0; offer < 3 && chosen < 0; offer += 1) {
        const c = Math.floor(pick() * 2);
        event('assign', { contractorId: ids.contractors[c] });
        if (pick() < 0.4) {
          event('decline', { contractorId: ids.contractors[c] }, reasons[offer % reasons.length]);
        } else {
          event('accept', { contractorId: ids.contractors[c] });
          chosen = c;
        }
      }
      if (chosen >= 0) {
        // Visits: failed ones, then maybe a completion.
        const tries = 1 + Math.floor(pick() * 3);
        for (let t = 0; t < tries; t += 1) {
          const completes = t === tries - 1 && pick() < 0.75;
          const [visit] = await db
            .insert(visits)
            .values({
              orderId: order.id,
              contractorId: ids.contractors[chosen]!,
              engineerId: engineers[chosen]!.id,
              scheduledDate: '2026-02-05',
              slot: 'am',
              status: completes ? 'completed' : 'failed',
              outcome: completes ? 'completed' : 'failed',
              serials: completes ? { dish: `D-${i}`, router: t % 2 ? '' : `R-${i}` } : {},
              otherSerials: completes && i % 4 === 0 ? [{ label: 'Pole', serial: `P-${i}` }] : null,
            })
            .returning();
          if (completes) event('complete', { visitId: visit!.id });
          else event('fail', { visitId: visit!.id, failureReason: failures[t % failures.length] });
        }
      }
      if (chosen < 0 && pick() < 0.5) event('cancel', {}, 'Customer moved');
      // A third of the orders one event a statement, a third all at once, the rest in a
      // statement shared with other orders.
      if (i % 3 === 0) for (const row of events) await db.insert(orderEvents).values(row);
      else if (i % 3 === 1 && events.length > 0) await db.insert(orderEvents).values(events);
      else batched.push(...events);
    }
    await db.insert(orderEvents).values(batched);
  });

  const windows: ReportWindow[] = [
    { start: '2026-01-01', end: '2026-03-31' },
    { start: '2026-02-01', end: '2026-02-28' },
    { start: '2026-03-01', end: '2026-03-31' },
    { start: '2026-03-29', end: '2026-04-30' },
  ];

  it('gives the contractor report the figures read from the events', async () => {
    const db = app.deps.database.db;
    for (const window of windows) {
      for (const owner of [null, ...ids.contractors]) {
        const facts = comparable(await contractorReportFacts(db, window, owner));
        const events = comparable(await contractorReportFromEvents(db, window, owner));
        expect(facts, JSON.stringify({ window, owner })).toEqual(events);
      }
    }
    const all = await contractorReportFacts(db, windows[0]!, null);
    expect(all.some((row) => row.kind === 'complete' && row.median_days !== null)).toBe(true);
    expect(all.some((row) => row.kind === 'decline' && row.reason === 'No reason given')).toBe(
      true,
    );
  });

  it('gives the partner report the figures read from the events', async () => {
    const db = app.deps.database.db;
    for (const window of windows) {
      for (const owner of [null, ...ids.partners]) {
        const facts = comparable(await partnerReportFacts(db, window, owner));
        const events = comparable(await partnerReportFromEvents(db, window, owner));
        expect(facts, JSON.stringify({ window, owner })).toEqual(events);
      }
    }
    const all = await partnerReportFacts(db, windows[0]!, null);
    expect(all.some((row) => row.kind === 'complete' && row.total > 0)).toBe(true);
  });

  it('rebuilds, as the migration and a restore do, the very facts the trigger wrote', async () => {
    const { database } = app.deps;
    const facts = () =>
      database.query(
        `select event_id, report, owner_id, kind, reason, day::text, hit, days, amount
           from report_facts order by event_id, report`,
      );
    const written = (await facts()).rows;
    expect(written.length).toBeGreaterThan(60);
    // What the migration's backfill and a restore run.
    await database.db.execute(sql`select report_facts_rebuild()`);
    expect((await facts()).rows).toEqual(written);
  });
});
