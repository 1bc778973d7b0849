import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractorDashboard } from '@shared/contractor-portal/contractor-portal.contracts';
import { signIn } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { users } from '../modules/users/users.schema';
import type { Database } from '../db/client';
import { demoCompletedThisMonth, demoOffers } from './contractor-offers.seed';
import { demoSeeders } from './seeders';

// Issue 12: the demo contractor finds offers with the customer's answers and this month's
// completed work on /contractor, whatever day the demo starts.
describe('contractor offers demo seed', () => {
  let app: TestApp;
  let dashboard: ContractorDashboard;
  let body: string;

  beforeAll(async () => {
    app = await createTestApp();
    const now = new Date();
    await app.deps.database.db.transaction(async (tx) => {
      for (const seeder of demoSeeders) await seeder.run({ db: tx as unknown as Database, now });
    });
    const [contractor] = await app.deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'contractor@example.com'));
    const res = await app.inject({
      method: 'GET',
      url: '/api/contractor-portal/dashboard',
      headers: await signIn(app, contractor!),
    });
    expect(res.statusCode, res.body).toBe(200);
    body = res.body;
    dashboard = res.json();
  });

  it('offers the demo contractor work with the answers that matter and the payout', () => {
    const seeded = dashboard.offers.items.filter((offer) => offer.answers !== null);
    expect(seeded.length).toBeGreaterThanOrEqual(demoOffers.length);
    for (const offer of seeded) {
      expect(offer.postcodeArea).toMatch(/^[A-Z]{1,2}\d[A-Z\d]?$/);
      expect(offer.availability.length).toBeGreaterThan(0);
      expect(offer.payoutPence).toBeGreaterThan(0);
    }
  });

  it('shows work completed this month and its payouts, never a price', () => {
    expect(dashboard.completedThisMonth.count).toBeGreaterThanOrEqual(
      demoCompletedThisMonth.length,
    );
    expect(dashboard.completedThisMonth.payoutPence).toBeGreaterThan(0);
    expect(body.toLowerCase()).not.toContain('price');
  });
});
