import { z } from 'zod';
import { calendarDate } from '../schema/calendar-date';

// Issue 22: the back office's contractor and partner (SBPM) reports, read from the order events.
// GET /api/reports/contractors[.csv] and /api/reports/partners[.csv] take the same period query.

export const reportPeriods = ['this_month', 'last_month', 'quarter', 'custom'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];
export const reportPeriodLabels: Record<ReportPeriod, string> = {
  this_month: 'This month',
  last_month: 'Last month',
  quarter: 'This quarter',
  custom: 'Custom',
};

/** The longest custom period: a year and a day, so a leap year fits. */
export const maxReportDays = 366;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Empty query text is no value (a form sends `from=` when the field is blank). */
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const reportQueryFields = {
  period: optionalText(
    z.enum(reportPeriods, {
      error: 'Choose this month, last month, this quarter or custom',
    }),
  ),
  from: optionalText(calendarDate),
  to: optionalText(calendarDate),
};

function refinePeriod(
  q: { period?: ReportPeriod; from?: string; to?: string },
  ctx: z.RefinementCtx,
) {
  if ((q.period ?? 'this_month') !== 'custom') return;
  if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Enter the first day' });
  if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Enter the last day' });
  if (!q.from || !q.to) return;
  if (q.from > q.to)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'The last day must not be before the first',
    });
  else if (daysBetween(q.from, q.to) > maxReportDays)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `Choose at most ${maxReportDays} days`,
    });
}

export const contractorReportQuery = z
  .object({
    ...reportQueryFields,
    contractorId: optionalText(z.uuid({ error: 'Choose a contractor from the list' })),
  })
  .superRefine(refinePeriod);
/** What the page sends (blank text is no value, so the schema's input is looser). */
export type ReportPeriodQuery = { period?: ReportPeriod; from?: string; to?: string };
export type ContractorReportQuery = ReportPeriodQuery & { contractorId?: string };

export const partnerReportQuery = z
  .object({
    ...reportQueryFields,
    partnerId: optionalText(z.uuid({ error: 'Choose a partner from the list' })),
  })
  .superRefine(refinePeriod);
export type PartnerReportQuery = ReportPeriodQuery & { partnerId?: string };

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate(); // month 1-12

/**
 * The first and last day (inclusive, YYYY-MM-DD, UK calendar) of a period as of `today`:
 * a calendar month, the month before it, or the calendar quarter holding today.
 */
export function resolvePeriod(
  query: { period?: ReportPeriod; from?: string; to?: string },
  today: string,
): { period: ReportPeriod; start: string; end: string } {
  const period = query.period ?? 'this_month';
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const span = (y1: number, m1: number, y2: number, m2: number) => ({
    period,
    start: `${y1}-${pad(m1)}-01`,
    end: `${y2}-${pad(m2)}-${pad(lastDayOf(y2, m2))}`,
  });
  switch (period) {
    case 'this_month':
      return span(year, month, year, month);
    case 'last_month':
      return month === 1
        ? span(year - 1, 12, year - 1, 12)
        : span(year, month - 1, year, month - 1);
    case 'quarter': {
      const first = month - ((month - 1) % 3);
      return span(year, first, year, first + 2);
    }
    case 'custom':
      return { period, start: query.from!, end: query.to! };
  }
}

/** How the chart groups days: by day up to two months, by week up to half a year, else month. */
export type ChartBucket = 'day' | 'week' | 'month';
export function chartBucketFor(start: string, end: string): ChartBucket {
  const days = daysBetween(start, end);
  if (days <= 62) return 'day';
  if (days <= 186) return 'week';
  return 'month';
}

/** The bucket a day falls in: itself, the Monday of its week, or the first of its month. */
export function bucketOf(day: string, bucket: ChartBucket): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** Every bucket of the period in order, the first one clipped to the period's start. */
export function bucketsOf(start: string, end: string, bucket: ChartBucket): string[] {
  const out: string[] = [];
  const d = new Date(`${start}T00:00:00Z`);
  const last = new Date(`${end}T00:00:00Z`);
  while (d <= last) {
    const key = bucketOf(d.toISOString().slice(0, 10), bucket);
    if (out[out.length - 1] !== key) out.push(key);
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/** The middle value (the mean of the two middle ones for an even count); null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** part / whole, null when there is no whole (no completed work: no rate, not 0). */
export const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);

const reasonCount = z.object({ reason: z.string(), count: z.number().int() });
export type ReasonCount = z.infer<typeof reasonCount>;
const ref = z.object({ id: z.string(), name: z.string() });

const periodFields = {
  period: z.enum(reportPeriods),
  periodStart: z.string(),
  periodEnd: z.string(),
  bucket: z.enum(['day', 'week', 'month']),
};

export const contractorReportRow = z.object({
  contractor: ref,
  offered: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
  declinedByReason: z.array(reasonCount),
  completed: z.number().int(),
  failed: z.number().int(),
  failedByReason: z.array(reasonCount),
  firstTimeFixes: z.number().int(),
  /** firstTimeFixes / completed, 0..1; null without completed orders. */
  firstTimeFixRate: z.number().nullable(),
  medianDaysAssignedToCompleted: z.number().nullable(),
  payoutPence: z.number().int(),
});
export type ContractorReportRow = z.infer<typeof contractorReportRow>;

export const contractorReport = z.object({
  ...periodFields,
  contractors: z.array(ref),
  rows: z.array(contractorReportRow),
  series: z.array(
    z.object({
      bucket: z.string(),
      offered: z.number().int(),
      completed: z.number().int(),
      failed: z.number().int(),
    }),
  ),
});
export type ContractorReport = z.infer<typeof contractorReport>;

export const partnerReportRow = z.object({
  partner: ref,
  ordersIn: z.number().int(),
  installed: z.number().int(),
  failed: z.number().int(),
  failedByReason: z.array(reasonCount),
  cancelled: z.number().int(),
  slaMet: z.number().int(),
  slaMissed: z.number().int(),
  /** slaMet / (slaMet + slaMissed), 0..1; null without installs. */
  slaCompliance: z.number().nullable(),
  medianDaysReceivedToInstalled: z.number().nullable(),
  serialsInstalled: z.number().int(),
});
export type PartnerReportRow = z.infer<typeof partnerReportRow>;

export const partnerReport = z.object({
  ...periodFields,
  partners: z.array(ref),
  rows: z.array(partnerReportRow),
  series: z.array(
    z.object({
      bucket: z.string(),
      ordersIn: z.number().int(),
      installed: z.number().int(),
      failed: z.number().int(),
    }),
  ),
});
export type PartnerReport = z.infer<typeof partnerReport>;

/** The CSV headers, exactly as issue 22 gives them. */
export const contractorCsvColumns = [
  'contractor',
  'period_start',
  'period_end',
  'offered',
  'accepted',
  'declined',
  'completed',
  'failed',
  'first_time_fix_rate',
  'median_days_assigned_to_completed',
  'payouts_gbp',
] as const;

export const partnerCsvColumns = [
  'partner',
  'period_start',
  'period_end',
  'orders_in',
  'installed',
  'failed',
  'cancelled',
  'sla_met',
  'sla_missed',
  'sla_compliance',
  'median_days_received_to_installed',
  'serials_installed',
] as const;

export const reportPaths = {
  contractors: '/api/reports/contractors',
  contractorsCsv: '/api/reports/contractors/export.csv',
  partners: '/api/reports/partners',
  partnersCsv: '/api/reports/partners/export.csv',
} as const;
