import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ContractorDashboard,
  ContractorReport,
} from '@shared/contractor-portal/contractor-portal.contracts';
import {
  buildCompanyWorld,
  priceNeedles,
  type CompanyWorld,
} from '../../../../tests/factories/contractor-world';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

describe('contractor portal API (issue 12)', () => {
  let app: TestApp;
  let a: CompanyWorld;
  let b: CompanyWorld;

  beforeAll(async () => {
    app = await createTestApp();
    a = await buildCompanyWorld(app);
    b = await buildCompanyWorld(app);
  });

  const get = (url: string, headers?: AuthHeaders) => app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: AuthHeaders, payload?: object) =>
    app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

  describe('GET /api/contractor-portal/dashboard', () => {
    it("shows the company's offers, work to schedule, visits, requests and month", async () => {
      const res = await get('/api/contractor-portal/dashboard', a.headers.contractor);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<ContractorDashboard>();
      expect(body.company).toEqual({ id: a.company.id, name: a.company.name });
      expect(body.today).toBe(a.today);

      expect(body.offers.count).toBe(1);
      const offer = body.offers.items[0]!;
      expect(offer).toMatchObject({
        orderId: a.orders.offer.id,
        jobType: { id: a.jobType.id },
        postcodeArea: 'EX1',
        payoutPence: 12_000,
        requestedDate: a.orders.offer.requestedDate,
        answers: {
          propertyType: 'farm',
          tenure: 'tenant',
          landlordPermission: true,
          listedBuilding: 'not_sure',
          dishPosition: 'South gable, above the barn door',
          accessNotes: 'Gate code 4411',
        },
      });
      expect(offer.availability).toHaveLength(1);
      // Before acceptance: the outward code only, no name, street or contact details.
      expect(JSON.stringify(offer)).not.toMatch(/EX1 1AA|Harbour|Tremayne|07700900111/);

      expect(body.readyToSchedule.items.map((o) => o.orderId)).toEqual([a.orders.ready.id]);
      expect(body.revisitsNeeded.items.map((o) => o.orderId)).toEqual([a.orders.revisit.id]);
      expect(body.visitsToday.map((v) => v.orderId)).toContain(a.orders.scheduled.id);
      // Completed and failed visits are history, still in the week's list; cancelled are not.
      expect(body.visitsThisWeek.every((v) => v.contractorId === a.company.id)).toBe(true);
      expect(body.rescheduleRequests).toEqual([
        expect.objectContaining({
          orderId: a.orders.scheduled.id,
          note: 'Working that day',
          currentVisitDate: a.today,
        }),
      ]);
      expect(body.completedThisMonth).toEqual({ count: 2, payoutPence: 27_000 });
      for (const needle of priceNeedles) expect(res.body.toLowerCase()).not.toContain(needle);
    });

    it("never shows another company's orders", async () => {
      const body = (
        await get('/api/contractor-portal/dashboard', b.headers.owner)
      ).json<ContractorDashboard>();
      const ids = [
        ...body.offers.items.map((o) => o.orderId),
        ...body.readyToSchedule.items.map((o) => o.orderId),
        ...body.revisitsNeeded.items.map((o) => o.orderId),
        ...body.visitsThisWeek.map((v) => v.orderId),
        ...body.rescheduleRequests.map((r) => r.orderId),
      ];
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(b.ids.orders).toContain(id);
    });

    it('refuses anonymous (401), back office and engineers (403)', async () => {
      expect((await get('/api/contractor-portal/dashboard')).statusCode).toBe(401);
      for (const role of ['back_office', 'engineer', 'customer'] as const) {
        const { headers } = await signInAs(app, role, { contractorId: a.company.id });
        expect((await get('/api/contractor-portal/dashboard', headers)).statusCode).toBe(403);
      }
    });

    it('answers 404 for a contractor account with no company', async () => {
      const { headers } = await signInAs(app, 'contractor');
      const res = await get('/api/contractor-portal/dashboard', headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    });
  });

  describe('offers: accept and decline through the order actions', () => {
    it("answers 404 for another company's offer", async () => {
      const accept = await post(`/api/orders/${b.orders.offer.id}/accept`, a.headers.contractor);
      expect(accept.statusCode).toBe(404);
      const decline = await post(`/api/orders/${b.orders.offer.id}/decline`, a.headers.contractor, {
        reason: 'Too far',
      });
      expect(decline.statusCode).toBe(404);
    });

    it('refuses a decline without a reason, naming the field', async () => {
      const res = await post(`/api/orders/${a.orders.offer.id}/decline`, a.headers.contractor, {
        reason: '  ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details.reason).toBeDefined();
    });

    it('accepts an offer: the order is assigned, answered without the price', async () => {
      const world = await buildCompanyWorld(app);
      const res = await post(`/api/orders/${world.orders.offer.id}/accept`, world.headers.owner);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'assigned', assignmentState: 'accepted' });
      for (const needle of priceNeedles) expect(res.body.toLowerCase()).not.toContain(needle);
      const after = (
        await get('/api/contractor-portal/dashboard', world.headers.owner)
      ).json<ContractorDashboard>();
      expect(after.offers.count).toBe(0);
    });

    it('declines an offer with a reason: it leaves the company (204)', async () => {
      const world = await buildCompanyWorld(app);
      const res = await post(`/api/orders/${world.orders.offer.id}/decline`, world.headers.owner, {
        reason: 'No engineer free that fortnight',
      });
      expect(res.statusCode, res.body).toBe(204);
      const detail = await get(`/api/orders/${world.orders.offer.id}`, world.headers.owner);
      expect(detail.statusCode).toBe(404);
      const after = (
        await get('/api/contractor-portal/dashboard', world.headers.owner)
      ).json<ContractorDashboard>();
      expect(after.offers.count).toBe(0);
    });
  });

  describe('GET /api/contractor-portal/reports', () => {
    it('counts completed and failed visits by engineer and month, first-time fixes, payouts', async () => {
      const res = await get('/api/contractor-portal/reports', a.headers.contractor);
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json<ContractorReport>();
      const month = a.today.slice(0, 7);
      expect(report.to).toBe(month);
      expect(report.months).toHaveLength(6);
      expect(report.rows).toEqual([
        {
          month,
          engineer: {
            id: a.users.engineer.id,
            name: `${a.users.engineer.firstName} ${a.users.engineer.lastName}`,
          },
          completed: 2,
          failed: 1,
          firstTimeFixes: 1,
          payoutPence: 27_000,
        },
      ]);
      expect(report.totals).toEqual({
        completed: 2,
        failed: 1,
        firstTimeFixes: 1,
        payoutPence: 27_000,
      });
    });

    it('takes a range of months and answers an empty month with zeros', async () => {
      const res = await get(
        '/api/contractor-portal/reports?from=2020-01&to=2020-03',
        a.headers.owner,
      );
      expect(res.statusCode).toBe(200);
      const report = res.json<ContractorReport>();
      expect(report.months.map((m) => m.month)).toEqual(['2020-01', '2020-02', '2020-03']);
      expect(report.rows).toEqual([]);
      expect(report.totals.completed).toBe(0);
    });

    it('refuses a bad month or a reversed or too long range, naming the field', async () => {
      for (const [query, field] of [
        ['from=2024-13', 'from'],
        ['to=24-01', 'to'],
        ['from=2024-05&to=2024-01', 'to'],
        ['from=2020-01&to=2024-01', 'to'],
      ] as const) {
        const res = await get(`/api/contractor-portal/reports?${query}`, a.headers.owner);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().details[field], query).toBeDefined();
      }
    });

    it('downloads the report as CSV, without prices', async () => {
      const res = await get('/api/contractor-portal/reports/export.csv', a.headers.contractor);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="contractor-report/);
      const lines = res.body.trim().split('\r\n');
      expect(lines[0]).toBe(
        'Month,Engineer,Completed visits,Failed visits,First-time fixes,First-time fix rate,Payouts (GBP)',
      );
      expect(lines[1]).toContain(',2,1,1,50%,270.00');
      expect(lines.at(-1)).toContain('All engineers,2,1,1,50%,270.00');
      for (const needle of priceNeedles) expect(res.body.toLowerCase()).not.toContain(needle);
    });

    it("shows only the company's own visits", async () => {
      const report = (
        await get('/api/contractor-portal/reports', b.headers.owner)
      ).json<ContractorReport>();
      expect(report.rows.map((r) => r.engineer.id)).toEqual([b.users.engineer.id]);
    });

    it('refuses other roles', async () => {
      const { headers } = await signInAs(app, 'back_office');
      expect((await get('/api/contractor-portal/reports', headers)).statusCode).toBe(403);
      expect((await get('/api/contractor-portal/reports/export.csv', headers)).statusCode).toBe(
        403,
      );
      expect((await get('/api/contractor-portal/reports/export.csv')).statusCode).toBe(401);
    });
  });

  describe('orders list for a contractor', () => {
    it('filters by completion day (the dashboard’s "completed this month" link)', async () => {
      const res = await get(
        `/api/orders?completedFrom=${a.today.slice(0, 7)}-01&completedTo=${a.today}`,
        a.headers.contractor,
      );
      expect(res.statusCode).toBe(200);
      const ids = res.json().items.map((o: { id: string }) => o.id);
      expect(ids.sort()).toEqual(
        [a.orders.completedFirstTime.id, a.orders.completedAfterFailure.id].sort(),
      );
      const bad = await get('/api/orders?completedFrom=2024-02-30', a.headers.contractor);
      expect(bad.statusCode).toBe(400);
    });

    it('lists job types without the partner price for a contractor, with it for back office', async () => {
      const contractor = await get('/api/job-types', a.headers.contractor);
      expect(contractor.statusCode).toBe(200);
      expect(contractor.body).not.toContain('defaultPricePence');
      expect(contractor.body).toContain('defaultPayoutPence');
      const { headers } = await signInAs(app, 'back_office');
      expect((await get('/api/job-types', headers)).body).toContain('defaultPricePence');
    });
  });
});
