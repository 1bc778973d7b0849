import { z } from 'zod';
import { calendarDate } from '../schema/calendar-date';
import { safeText } from '../schema/text';

/** Security Audit (/audit, issue 21): the log's filters, pages, export and charts. */

export const auditMessages = {
  invalidCursor: 'That page cursor is not one we gave out: start again from the first page',
  rangeBackwards: 'The end date must be on or after the start date',
  chartRangeTooLong: 'Charts show at most 31 days by the hour and 366 days by the day',
  invalidIp: 'Enter an IP address without spaces',
} as const;

/** Empty means no filter. */
const optionalFilter = (max: number) => safeText().trim().max(max).optional();

/** The filters the list, the export and (range only) the charts share. */
export const auditFilters = z.object({
  actorId: z.uuid({ error: 'Choose a user from the list' }).optional(),
  action: optionalFilter(100),
  targetType: optionalFilter(100),
  targetId: optionalFilter(500),
  ip: optionalFilter(100).refine((value) => !value || !/\s/.test(value), {
    error: auditMessages.invalidIp,
  }),
  /** First London day shown. */
  from: calendarDate.optional(),
  /** Last London day shown (inclusive). */
  to: calendarDate.optional(),
});
export type AuditFilters = z.output<typeof auditFilters>;

const rangeInOrder = (value: { from?: string; to?: string }) =>
  !value.from || !value.to || value.from <= value.to;

export const auditListQuery = auditFilters
  .extend({
    cursor: safeText().max(300).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine(rangeInOrder, { error: auditMessages.rangeBackwards, path: ['to'] });
export type AuditListQuery = z.input<typeof auditListQuery>;

export const auditExportQuery = auditFilters.refine(rangeInOrder, {
  error: auditMessages.rangeBackwards,
  path: ['to'],
});

/** One field of a data change, in words. */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.string(),
  after: z.string(),
  /** A customer's personal field: the log says it changed, never what it held (decision 069). */
  withheld: z.boolean().optional(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** Something else an entry records, in words: "Reason: Unknown email". */
export const auditFactSchema = z.object({ label: z.string(), value: z.string() });
export type AuditFact = z.infer<typeof auditFactSchema>;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  action: z.string(),
  /** The action in words ("Signed in", "User role changed"). */
  actionLabel: z.string(),
  actor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** The target in words ("User: Olivia Office", "IP address: 203.0.113.9"), or null. */
  target: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Each changed field's value before and after, in words. */
  changes: z.array(auditChangeSchema),
  /** The rest of what the entry records (the email a failed sign-in tried, why it failed…). */
  facts: z.array(auditFactSchema),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponse = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditListResponse = z.infer<typeof auditListResponse>;

/** The CSV export's header row, in order. */
export const auditCsvHeader = [
  'Time (UTC)',
  'Actor',
  'Action',
  'Target',
  'Target ID',
  'IP address',
  'Changes',
  'Details',
  'User agent',
] as const;

export const chartIntervals = ['day', 'hour'] as const;
export type ChartInterval = (typeof chartIntervals)[number];
export const chartLimits = { day: 366, hour: 31 } as const;

export const auditChartsQuery = z
  .object({
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    interval: z.enum(chartIntervals).default('day'),
  })
  .refine(rangeInOrder, { error: auditMessages.rangeBackwards, path: ['to'] });
export type AuditChartsQuery = z.input<typeof auditChartsQuery>;

/** The security events the charts count. */
export const chartSeries = [
  { key: 'signIns', label: 'Sign-ins' },
  { key: 'signInFailures', label: 'Sign-in failures' },
  { key: 'lockouts', label: 'Lockouts' },
  { key: 'ipBlocks', label: 'IP blocks' },
] as const;
export type ChartSeriesKey = (typeof chartSeries)[number]['key'];

export const auditChartBucket = z.object({
  /** London local start of the bucket, YYYY-MM-DDTHH:mm. */
  start: z.string(),
  signIns: z.number().int(),
  signInFailures: z.number().int(),
  lockouts: z.number().int(),
  ipBlocks: z.number().int(),
});
export type AuditChartBucket = z.infer<typeof auditChartBucket>;

export const auditChartsResponse = z.object({
  interval: z.enum(chartIntervals),
  from: z.string(),
  to: z.string(),
  buckets: z.array(auditChartBucket),
});
export type AuditChartsResponse = z.infer<typeof auditChartsResponse>;
