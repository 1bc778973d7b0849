import {
  bucketOf,
  bucketsOf,
  chartBucketFor,
  contractorCsvColumns,
  partnerCsvColumns,
  rate,
  type ContractorReport,
  type ContractorReportRow,
  type PartnerReport,
  type PartnerReportRow,
  type ReasonCount,
} from '@shared/reports/reports.contracts';
import { csvCell } from '../orders/order-csv.service';
import type { ReportAggregate } from '../orders/projections/reports.projection';

// The figure rules of issue 22, apart from the database so unit tests hold them: the rows and
// the chart from the projection's aggregates, and the CSV.

type Owner = { id: string; name: string };
type Period = { period: ContractorReport['period']; start: string; end: string };

function indexed(aggregates: ReportAggregate[]) {
  const totals = new Map<string, ReportAggregate>();
  const reasons = new Map<string, ReasonCount[]>();
  const days: ReportAggregate[] = [];
  for (const row of aggregates) {
    if (row.by_day === 0 && row.owner_id === null) days.push(row);
    else if (row.by_reason === 0 && row.reason !== null) {
      const key = `${row.owner_id}|${row.kind}`;
      reasons.set(key, [...(reasons.get(key) ?? []), { reason: row.reason, count: row.n }]);
    } else if (row.by_reason === 1 && row.by_day === 1)
      totals.set(`${row.owner_id}|${row.kind}`, row);
  }
  const total = (owner: string, kind: string) => totals.get(`${owner}|${kind}`);
  const byReason = (owner: string, kind: string) =>
    (reasons.get(`${owner}|${kind}`) ?? []).sort(
      (a, b) => b.count - a.count || a.reason.localeCompare(b.reason),
    );
  return { total, byReason, days };
}

/** The chart's series: the day rows summed into the period's buckets, empty buckets as 0. */
function seriesOf<K extends string>(
  days: ReportAggregate[],
  period: Period,
  kinds: Record<K, string>,
) {
  const bucket = chartBucketFor(period.start, period.end);
  const keys = bucketsOf(period.start, period.end, bucket);
  const zero = () => Object.fromEntries(Object.keys(kinds).map((k) => [k, 0])) as Record<K, number>;
  const sums = new Map(keys.map((key) => [key, zero()]));
  const fieldOf = new Map(
    Object.entries(kinds).map(([field, kind]) => [kind as string, field as K]),
  );
  for (const row of days) {
    const field = fieldOf.get(row.kind);
    const sum = row.day ? sums.get(bucketOf(row.day, bucket)) : undefined;
    if (field && sum) sum[field] += row.n;
  }
  return { bucket, series: keys.map((key) => ({ bucket: key, ...sums.get(key)! })) };
}

/** Every owner (or the one asked for), in name order, those without activity with zeros. */
export function contractorReportFrom(
  aggregates: ReportAggregate[],
  owners: Owner[],
  period: Period,
): ContractorReport {
  const { total, byReason, days } = indexed(aggregates);
  const rows: ContractorReportRow[] = owners.map((owner) => {
    const count = (kind: string) => total(owner.id, kind)?.n ?? 0;
    const completed = total(owner.id, 'complete');
    const firstTimeFixes = completed?.hits ?? 0;
    return {
      contractor: owner,
      offered: count('assign'),
      accepted: count('accept'),
      declined: count('decline'),
      declinedByReason: byReason(owner.id, 'decline'),
      completed: count('complete'),
      failed: count('fail'),
      failedByReason: byReason(owner.id, 'fail'),
      firstTimeFixes,
      firstTimeFixRate: rate(firstTimeFixes, count('complete')),
      medianDaysAssignedToCompleted: completed?.median_days ?? null,
      payoutPence: completed?.total ?? 0,
    };
  });
  const chart = seriesOf(days, period, {
    offered: 'assign',
    completed: 'complete',
    failed: 'fail',
  });
  return {
    period: period.period,
    periodStart: period.start,
    periodEnd: period.end,
    bucket: chart.bucket,
    contractors: owners,
    rows,
    series: chart.series,
  };
}

export function partnerReportFrom(
  aggregates: ReportAggregate[],
  owners: Owner[],
  period: Period,
): PartnerReport {
  const { total, byReason, days } = indexed(aggregates);
  const rows: PartnerReportRow[] = owners.map((owner) => {
    const count = (kind: string) => total(owner.id, kind)?.n ?? 0;
    const installed = total(owner.id, 'complete');
    const slaMet = installed?.hits ?? 0;
    const slaMissed = (installed?.n ?? 0) - slaMet;
    return {
      partner: owner,
      ordersIn: count('created'),
      installed: count('complete'),
      failed: count('fail'),
      failedByReason: byReason(owner.id, 'fail'),
      cancelled: count('cancel'),
      slaMet,
      slaMissed,
      slaCompliance: rate(slaMet, slaMet + slaMissed),
      medianDaysReceivedToInstalled: installed?.median_days ?? null,
      serialsInstalled: installed?.total ?? 0,
    };
  });
  const chart = seriesOf(days, period, {
    ordersIn: 'created',
    installed: 'complete',
    failed: 'fail',
  });
  return {
    period: period.period,
    periodStart: period.start,
    periodEnd: period.end,
    bucket: chart.bucket,
    partners: owners,
    rows,
    series: chart.series,
  };
}

/** Rates with 3 decimals, days with 1, pounds with 2; no value is an empty cell. */
export const csvRate = (value: number | null) => (value === null ? '' : value.toFixed(3));
export const csvDays = (value: number | null) => (value === null ? '' : value.toFixed(1));
export const csvPounds = (pence: number) => (pence / 100).toFixed(2);

const csvOf = (header: readonly string[], lines: (string | number)[][]) =>
  `${[header.join(','), ...lines.map((line) => line.map(csvCell).join(','))].join('\r\n')}\r\n`;

export function contractorReportCsv(report: ContractorReport): string {
  return csvOf(
    contractorCsvColumns,
    report.rows.map((row) => [
      row.contractor.name,
      report.periodStart,
      report.periodEnd,
      row.offered,
      row.accepted,
      row.declined,
      row.completed,
      row.failed,
      csvRate(row.firstTimeFixRate),
      csvDays(row.medianDaysAssignedToCompleted),
      csvPounds(row.payoutPence),
    ]),
  );
}

export function partnerReportCsv(report: PartnerReport): string {
  return csvOf(
    partnerCsvColumns,
    report.rows.map((row) => [
      row.partner.name,
      report.periodStart,
      report.periodEnd,
      row.ordersIn,
      row.installed,
      row.failed,
      row.cancelled,
      row.slaMet,
      row.slaMissed,
      csvRate(row.slaCompliance),
      csvDays(row.medianDaysReceivedToInstalled),
      row.serialsInstalled,
    ]),
  );
}
