import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractorReport, PartnerReport } from '@shared/reports/reports.contracts';
import { orderEvents } from '../orders/order-events.schema';
import { visits } from '../visits/visits.schema';
import {
  buildOrder,
  createContractor,
  createJobType,
  createPartner,
} from '../../../../tests/factories/orders';
import { createUser, signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

// Issue 22: both reports against a fixture whose figures are worked out by hand below.
// February 2026 is all GMT, so London days are UTC days here.

const at = (iso: string) => new Date(iso);
const feb = 'period=custom&from=2026-02-01&to=2026-02-28';

describe('reports API (issue 22)', () => {
  let app: TestApp;
  let office: AuthHeaders;
  let ids: { alpha: string; beta: string; cornish: string; sbpm: string; quay: string };

  beforeAll(async () => {
    app = await createTestApp();
    const db = app.deps.database.db;
    office = (await signInAs(app, 'back_office')).headers;
    const alpha = await createContractor(app, { name: 'Alpha Installs Ltd' });
    const beta = await createContractor(app, { name: 'Beta Aerials' });
    const cornish = await createContractor(app, { name: 'Cornish Dishes' });
    const sbpm = await createPartner(app, { name: 'SBPM', code: 'SBPMX' });
    const quay = await createPartner(app, { name: 'Quay Broadband', code: 'QUAYX' });
    ids = { alpha: alpha.id, beta: beta.id, cornish: cornish.id, sbpm: sbpm.id, quay: quay.id };
    const jobType = await createJobType(app);
    const engineerA = await createUser(app, { role: 'engineer', contractorId: alpha.id });
    const engineerB = await createUser(app, { role: 'engineer', contractorId: beta.id });

    const order = (partnerId: string, receivedAt: string, extra: object = {}) =>
      buildOrder(app, { partnerId, jobTypeId: jobType.id, receivedAt: at(receivedAt), ...extra });
    const event = (orderId: string, type: string, when: string, data = {}, reason?: string) =>
      db.insert(orderEvents).values({
        orderId,
        type,
        actorRole: 'back_office',
        actorName: 'Fixture',
        data,
        reason: reason ?? null,
        createdAt: at(when),
      });
    const visit = async (
      orderId: string,
      contractor: 'alpha' | 'beta',
      outcome: 'completed' | 'failed',
      serials: Record<string, string> = {},
      otherSerials: { label: string; serial: string }[] | null = null,
    ) => {
      const [row] = await db
        .insert(visits)
        .values({
          orderId,
          contractorId: contractor === 'alpha' ? alpha.id : beta.id,
          engineerId: contractor === 'alpha' ? engineerA.id : engineerB.id,
          scheduledDate: '2026-02-05',
          slot: 'am',
          status: outcome,
          outcome,
          serials,
          otherSerials,
        })
        .returning();
      return row!.id;
    };

    // 1. SBPM; Alpha offered, accepted, completed first time after 4 days; 2 serials; SLA met.
    const o1 = await order(sbpm.id, '2026-02-01T09:00:00Z', { payoutPence: 12_000 });
    await event(o1.id, 'assign', '2026-02-02T09:00:00Z', { contractorId: alpha.id });
    await event(o1.id, 'accept', '2026-02-02T12:00:00Z', { contractorId: alpha.id });
    const v1 = await visit(o1.id, 'alpha', 'completed', { dish: 'DSH-0001', router: 'RTR-0001' });
    await event(o1.id, 'complete', '2026-02-06T09:00:00Z', { visitId: v1 });

    // 2. SBPM, 10-day target; Alpha fails once (customer absent), completes after 10 days: not
    //    first time, SLA missed (due 11 Feb); 3 serials.
    const o2 = await order(sbpm.id, '2026-02-01T10:00:00Z', {
      payoutPence: 15_000,
      slaTargetDays: 10,
    });
    await event(o2.id, 'assign', '2026-02-03T10:00:00Z', { contractorId: alpha.id });
    await event(o2.id, 'accept', '2026-02-03T11:00:00Z', { contractorId: alpha.id });
    const v2a = await visit(o2.id, 'alpha', 'failed');
    await event(o2.id, 'fail', '2026-02-05T10:00:00Z', {
      visitId: v2a,
      failureReason: 'customer_absent',
    });
    const v2b = await visit(o2.id, 'alpha', 'completed', { dish: 'DSH-0002', router: 'RTR-0002' }, [
      { label: 'Pole', serial: 'POLE-0002' },
    ]);
    await event(o2.id, 'complete', '2026-02-13T10:00:00Z', { visitId: v2b });

    // 3. Quay; Alpha declines ("Too far"), Beta accepts, fails (no access), then cancelled.
    const o3 = await order(quay.id, '2026-02-05T08:00:00Z');
    await event(o3.id, 'assign', '2026-02-06T08:00:00Z', { contractorId: alpha.id });
    await event(o3.id, 'decline', '2026-02-06T09:00:00Z', { contractorId: alpha.id }, 'Too far');
    await event(o3.id, 'assign', '2026-02-07T08:00:00Z', { contractorId: beta.id });
    await event(o3.id, 'accept', '2026-02-07T09:00:00Z', { contractorId: beta.id });
    const v3 = await visit(o3.id, 'beta', 'failed');
    await event(o3.id, 'fail', '2026-02-10T08:00:00Z', { visitId: v3, failureReason: 'no_access' });
    await event(o3.id, 'cancel', '2026-02-12T08:00:00Z', {}, 'Customer moved');

    // 4. Quay, received and offered in January; Alpha completes on 3 Feb 09:00, exactly at the
    //    SLA due time (met), 13 days after the offer, 14 after receipt; no serials.
    const o4 = await order(quay.id, '2026-01-20T09:00:00Z', { payoutPence: 9_000 });
    await event(o4.id, 'assign', '2026-01-21T09:00:00Z', { contractorId: alpha.id });
    const v4 = await visit(o4.id, 'alpha', 'completed');
    await event(o4.id, 'complete', '2026-02-03T09:00:00Z', { visitId: v4 });

    // 5. SBPM; offered to Alpha twice, declined twice (two reasons).
    const o5 = await order(sbpm.id, '2026-02-20T08:00:00Z');
    await event(o5.id, 'assign', '2026-02-21T08:00:00Z', { contractorId: alpha.id });
    await event(o5.id, 'decline', '2026-02-21T09:00:00Z', { contractorId: alpha.id }, 'Too far');
    await event(o5.id, 'assign', '2026-02-22T08:00:00Z', { contractorId: alpha.id });
    await event(
      o5.id,
      'decline',
      '2026-02-22T09:00:00Z',
      { contractorId: alpha.id },
      'No capacity',
    );

    // 6 and 7: the period's edges, 28 Feb 23:30 is in it, 1 Mar 00:30 is not.
    await order(sbpm.id, '2026-02-28T23:30:00Z');
    await order(sbpm.id, '2026-03-01T00:30:00Z');
  });

  const get = (url: string, headers: AuthHeaders | undefined = office) =>
    app.inject({ method: 'GET', url, headers });

  it('counts each contractor’s offers, answers, visits, first-time fixes, lead time and payouts', async () => {
    const res = await get(`/api/reports/contractors?${feb}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ContractorReport>();
    expect(body).toMatchObject({
      period: 'custom',
      periodStart: '2026-02-01',
      periodEnd: '2026-02-28',
      bucket: 'day',
    });
    expect(body.rows.map((r) => r.contractor.name)).toEqual([
      'Alpha Installs Ltd',
      'Beta Aerials',
      'Cornish Dishes',
    ]);
    expect(body.rows[0]).toEqual({
      contractor: { id: ids.alpha, name: 'Alpha Installs Ltd' },
      offered: 5, // orders 1, 2, 3 and 5 twice (order 4's offer was in January)
      accepted: 2,
      declined: 3,
      declinedByReason: [
        { reason: 'Too far', count: 2 },
        { reason: 'No capacity', count: 1 },
      ],
      completed: 3,
      failed: 1,
      failedByReason: [{ reason: 'customer_absent', count: 1 }],
      firstTimeFixes: 2,
      firstTimeFixRate: 2 / 3,
      medianDaysAssignedToCompleted: 10, // 4, 10 and 13 days
      payoutPence: 36_000,
    });
    expect(body.rows[1]).toMatchObject({
      offered: 1,
      accepted: 1,
      declined: 0,
      completed: 0,
      failed: 1,
      failedByReason: [{ reason: 'no_access', count: 1 }],
      firstTimeFixRate: null,
      medianDaysAssignedToCompleted: null,
      payoutPence: 0,
    });
    expect(body.rows[2]).toMatchObject({ offered: 0, completed: 0, payoutPence: 0 });
    expect(body.series).toHaveLength(28);
    expect(body.series.find((s) => s.bucket === '2026-02-03')).toEqual({
      bucket: '2026-02-03',
      offered: 1,
      completed: 1,
      failed: 0,
    });
    expect(body.series.reduce((sum, s) => sum + s.offered, 0)).toBe(6);
  });

  it('exports the contractor report as CSV, to the byte', async () => {
    const res = await get(`/api/reports/contractors/export.csv?${feb}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="contractor-report-2026-02-01-to-2026-02-28.csv"',
    );
    expect(res.body).toBe(
      'contractor,period_start,period_end,offered,accepted,declined,completed,failed,first_time_fix_rate,median_days_assigned_to_completed,payouts_gbp\r\n' +
        'Alpha Installs Ltd,2026-02-01,2026-02-28,5,2,3,3,1,0.667,10.0,360.00\r\n' +
        'Beta Aerials,2026-02-01,2026-02-28,1,1,0,0,1,,,0.00\r\n' +
        'Cornish Dishes,2026-02-01,2026-02-28,0,0,0,0,0,,,0.00\r\n',
    );
  });

  it('filters by contractor', async () => {
    const res = await get(`/api/reports/contractors/export.csv?${feb}&contractorId=${ids.beta}`);
    expect(res.body).toBe(
      'contractor,period_start,period_end,offered,accepted,declined,completed,failed,first_time_fix_rate,median_days_assigned_to_completed,payouts_gbp\r\n' +
        'Beta Aerials,2026-02-01,2026-02-28,1,1,0,0,1,,,0.00\r\n',
    );
    const json = (
      await get(`/api/reports/contractors?${feb}&contractorId=${ids.beta}`)
    ).json<ContractorReport>();
    expect(json.contractors).toHaveLength(3);
    expect(json.series.reduce((sum, s) => sum + s.failed, 0)).toBe(1);
  });

  it('counts each partner’s orders, installs, failures, cancellations, SLA, lead time and serials', async () => {
    const res = await get(`/api/reports/partners?${feb}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PartnerReport>();
    const quay = body.rows.find((r) => r.partner.id === ids.quay)!;
    const sbpm = body.rows.find((r) => r.partner.id === ids.sbpm)!;
    expect(sbpm).toEqual({
      partner: { id: ids.sbpm, name: 'SBPM' },
      ordersIn: 4, // orders 1, 2, 5 and 6 (7 is in March)
      installed: 2,
      failed: 1,
      failedByReason: [{ reason: 'customer_absent', count: 1 }],
      cancelled: 0,
      slaMet: 1,
      slaMissed: 1,
      slaCompliance: 0.5,
      medianDaysReceivedToInstalled: (5 + 12) / 2, // 1 Feb 09:00 → 6 Feb 09:00; 1 → 13 Feb 10:00
      serialsInstalled: 5,
    });
    expect(quay).toEqual({
      partner: { id: ids.quay, name: 'Quay Broadband' },
      ordersIn: 1, // order 3 (order 4 came in January)
      installed: 1,
      failed: 1,
      failedByReason: [{ reason: 'no_access', count: 1 }],
      cancelled: 1,
      slaMet: 1,
      slaMissed: 0,
      slaCompliance: 1,
      medianDaysReceivedToInstalled: 14,
      serialsInstalled: 0,
    });
  });

  it('exports the partner report as CSV, to the byte', async () => {
    const res = await get(`/api/reports/partners/export.csv?${feb}&partnerId=${ids.sbpm}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(
      'partner,period_start,period_end,orders_in,installed,failed,cancelled,sla_met,sla_missed,sla_compliance,median_days_received_to_installed,serials_installed\r\n' +
        'SBPM,2026-02-01,2026-02-28,4,2,1,0,1,1,0.500,8.5,5\r\n',
    );
    const all = await get(`/api/reports/partners/export.csv?${feb}`);
    expect(all.body).toContain(
      '\r\nQuay Broadband,2026-02-01,2026-02-28,1,1,1,1,1,0,1.000,14.0,0\r\n',
    );
  });

  it('defaults to this month and resolves last month and the quarter', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      new Date(),
    );
    const month = today.slice(0, 7);
    const thisMonth = (await get('/api/reports/partners')).json<PartnerReport>();
    expect(thisMonth.period).toBe('this_month');
    expect(thisMonth.periodStart).toBe(`${month}-01`);
    const last = (await get('/api/reports/contractors?period=last_month')).json<ContractorReport>();
    expect(last.periodEnd < `${month}-01`).toBe(true);
    const quarter = (await get('/api/reports/contractors?period=quarter')).json<ContractorReport>();
    expect(quarter.periodStart <= today && today <= quarter.periodEnd).toBe(true);
    expect(quarter.bucket).toBe('week');
  });

  it('refuses a bad period with the reason', async () => {
    const cases: [string, string][] = [
      ['period=fortnight', 'Choose this month, last month, this quarter or custom'],
      ['period=custom&from=2026-02-01', 'Enter the last day'],
      ['period=custom&from=2026-02-10&to=2026-02-01', 'The last day must not be before the first'],
      [
        'period=custom&from=2026-02-30&to=2026-03-01',
        'This date does not exist; check the day and the month',
      ],
      ['period=custom&from=2024-01-01&to=2026-01-01', 'Choose at most 366 days'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/reports/contractors?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body).toContain(message);
      expect((await get(`/api/reports/partners/export.csv?${query}`)).statusCode).toBe(400);
    }
    const unknown = await get(
      `/api/reports/partners?partnerId=00000000-0000-4000-8000-000000000000`,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('There is no such partner');
  });

  it('is for the back office only', async () => {
    for (const role of ['contractor', 'engineer'] as const) {
      const { headers } = await signInAs(app, role);
      for (const path of [
        '/api/reports/contractors',
        '/api/reports/contractors/export.csv',
        '/api/reports/partners',
        '/api/reports/partners/export.csv',
      ])
        expect((await get(path, headers)).statusCode, `${role} ${path}`).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/reports/partners' })).statusCode).toBe(
      401,
    );
  });
});
