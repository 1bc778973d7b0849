import { describe, expect, it } from 'vitest';
import {
  bucketOf,
  bucketsOf,
  chartBucketFor,
  contractorReportQuery,
  median,
  rate,
  resolvePeriod,
} from '@shared/reports/reports.contracts';
import type { ReportAggregate } from '../orders/projections/reports.projection';
import {
  contractorReportCsv,
  contractorReportFrom,
  csvDays,
  csvPounds,
  csvRate,
  partnerReportFrom,
} from './report-figures.service';

// Issue 22: the report rules that need no database.

describe('report periods', () => {
  it('resolves this month, last month and the quarter on the UK calendar', () => {
    expect(resolvePeriod({}, '2026-11-26')).toEqual({
      period: 'this_month',
      start: '2026-11-01',
      end: '2026-11-30',
    });
    expect(resolvePeriod({ period: 'last_month' }, '2026-01-15')).toMatchObject({
      start: '2025-12-01',
      end: '2025-12-31',
    });
    expect(resolvePeriod({ period: 'last_month' }, '2024-03-31')).toMatchObject({
      start: '2024-02-01',
      end: '2024-02-29',
    });
    expect(resolvePeriod({ period: 'quarter' }, '2026-11-26')).toMatchObject({
      start: '2026-10-01',
      end: '2026-12-31',
    });
    expect(resolvePeriod({ period: 'quarter' }, '2026-01-01')).toMatchObject({
      start: '2026-01-01',
      end: '2026-03-31',
    });
    expect(
      resolvePeriod({ period: 'custom', from: '2026-02-03', to: '2026-02-09' }, '2026-11-26'),
    ).toEqual({ period: 'custom', start: '2026-02-03', end: '2026-02-09' });
  });

  it('asks for both days of a custom period, in order, at most 366 days apart', () => {
    const issues = (query: object) =>
      contractorReportQuery.safeParse(query).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ period: 'custom' })).toEqual(['Enter the first day', 'Enter the last day']);
    expect(issues({ period: 'custom', from: '2026-03-02', to: '2026-03-01' })).toEqual([
      'The last day must not be before the first',
    ]);
    expect(issues({ period: 'custom', from: '2024-01-01', to: '2024-12-31' })).toEqual([]);
    expect(issues({ period: 'custom', from: '2024-01-01', to: '2025-01-01' })).toEqual([
      'Choose at most 366 days',
    ]);
    // A blank field from the form is no value; outside custom the days are not needed.
    expect(issues({ period: 'last_month', from: '', to: '' })).toEqual([]);
  });

  it('charts by day up to two months, by week up to half a year, else by month', () => {
    expect(chartBucketFor('2026-01-01', '2026-03-03')).toBe('day');
    expect(chartBucketFor('2026-10-01', '2026-12-31')).toBe('week');
    expect(chartBucketFor('2026-01-01', '2026-12-31')).toBe('month');
    expect(bucketOf('2026-11-26', 'week')).toBe('2026-11-23');
    expect(bucketOf('2026-11-23', 'week')).toBe('2026-11-23');
    expect(bucketOf('2026-11-26', 'month')).toBe('2026-11-01');
    expect(bucketsOf('2026-10-01', '2026-10-14', 'week')).toEqual([
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
    ]);
  });
});

describe('report figures', () => {
  it('takes the median as the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([13, 4, 10])).toBe(10);
    expect(median([12, 5])).toBe(8.5);
  });

  it('has no rate without a whole, and writes rates, days and pounds to fixed places', () => {
    expect(rate(1, 0)).toBeNull();
    expect(csvRate(rate(2, 3))).toBe('0.667');
    expect(csvRate(rate(1, 1))).toBe('1.000');
    expect(csvRate(null)).toBe('');
    expect(csvDays(8.5)).toBe('8.5');
    expect(csvDays(null)).toBe('');
    expect(csvPounds(36_000)).toBe('360.00');
    expect(csvPounds(5)).toBe('0.05');
  });

  const agg = (row: Partial<ReportAggregate>): ReportAggregate => ({
    owner_id: 'c1',
    kind: 'complete',
    reason: null,
    day: null,
    by_reason: 1,
    by_day: 1,
    n: 0,
    hits: 0,
    median_days: null,
    total: 0,
    ...row,
  });
  const period = { period: 'custom' as const, start: '2026-02-01', end: '2026-02-03' };

  it('builds contractor rows from the aggregates, owners without activity as zeros', () => {
    const report = contractorReportFrom(
      [
        agg({ kind: 'assign', n: 4 }),
        agg({ kind: 'complete', n: 3, hits: 2, median_days: 10, total: 36_000 }),
        agg({ kind: 'decline', n: 3 }),
        agg({ kind: 'decline', reason: 'No capacity', by_reason: 0, n: 1 }),
        agg({ kind: 'decline', reason: 'Too far', by_reason: 0, n: 2 }),
        agg({ kind: 'complete', reason: null, by_reason: 0, n: 3 }),
        agg({ owner_id: null, kind: 'complete', day: '2026-02-02', by_reason: 1, by_day: 0, n: 3 }),
      ],
      [
        { id: 'c1', name: 'Alpha, "the best"' },
        { id: 'c2', name: '=Beta' },
      ],
      period,
    );
    expect(report.rows[0]).toMatchObject({
      offered: 4,
      declined: 3,
      declinedByReason: [
        { reason: 'Too far', count: 2 },
        { reason: 'No capacity', count: 1 },
      ],
      completed: 3,
      firstTimeFixRate: 2 / 3,
      payoutPence: 36_000,
    });
    expect(report.rows[1]).toMatchObject({ offered: 0, firstTimeFixRate: null, payoutPence: 0 });
    expect(report.series).toEqual([
      { bucket: '2026-02-01', offered: 0, completed: 0, failed: 0 },
      { bucket: '2026-02-02', offered: 0, completed: 3, failed: 0 },
      { bucket: '2026-02-03', offered: 0, completed: 0, failed: 0 },
    ]);
    // Names are quoted when they hold a comma or quote, and never start a formula.
    expect(contractorReportCsv(report).split('\r\n').slice(1)).toEqual([
      '"Alpha, ""the best""",2026-02-01,2026-02-03,4,0,3,3,0,0.667,10.0,360.00',
      "'=Beta,2026-02-01,2026-02-03,0,0,0,0,0,,,0.00",
      '',
    ]);
  });

  it('counts the SLA met and missed among the installs', () => {
    const report = partnerReportFrom(
      [agg({ owner_id: 'p1', kind: 'complete', n: 4, hits: 3, median_days: 6, total: 9 })],
      [{ id: 'p1', name: 'SBPM' }],
      period,
    );
    expect(report.rows[0]).toMatchObject({
      installed: 4,
      slaMet: 3,
      slaMissed: 1,
      slaCompliance: 0.75,
      medianDaysReceivedToInstalled: 6,
      serialsInstalled: 9,
    });
  });
});
