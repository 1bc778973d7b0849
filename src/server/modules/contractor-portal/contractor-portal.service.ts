import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import {
  dashboardListLimit,
  defaultReportMonths,
  type ContractorDashboard,
  type ContractorReport,
  type ContractorReportRow,
} from '@shared/contractor-portal/contractor-portal.contracts';
import { postcodeParts } from '@shared/uk-postcode';
import { findContractorForOrder } from '../contractors/contractor-lookup.service';
import type { Viewer } from '../orders/orders.service';
import { completedBetween } from '../orders/order-lookup.service';
import {
  offersOf,
  openRescheduleRequests,
  ordersInStatus,
  visitOutcomes,
} from '../orders/projections/contractor-jobs.projection';
import { listVisits } from '../visits/visits.service';
import { availabilityOf } from '../customer-links/customer-form-lookup.service';
import { londonDateOf } from '@shared/london-date';

// Issue 12: the contractor's dashboard and reports, always for the signed-in user's own company.

/** The company the viewer acts for as a contractor; 404 when the account has none. */
export async function companyOf(db: Database, viewer: Viewer) {
  const row = viewer.contractorId ? await findContractorForOrder(db, viewer.contractorId) : null;
  if (!row) throw notFound('Your account is not linked to a contractor company');
  return { id: row.id, name: row.name };
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Monday..Sunday of the week holding `date`, and the first and last day of its month. */
export function calendarAround(date: string) {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const weekStart = addDays(date, -((weekday + 6) % 7));
  const monthStart = `${date.slice(0, 7)}-01`;
  const next = new Date(`${monthStart}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  next.setUTCDate(0);
  return {
    weekStart,
    weekEnd: addDays(weekStart, 6),
    monthStart,
    monthEnd: next.toISOString().slice(0, 10),
  };
}

export async function contractorDashboard(
  db: Database,
  viewer: Viewer,
  now = new Date(),
): Promise<ContractorDashboard> {
  const company = await companyOf(db, viewer);
  const today = londonDateOf(now);
  const calendar = calendarAround(today);
  // The company's visits, not only the dual-role owner's own.
  const companyViewer: Viewer = { ...viewer, backOffice: false, engineer: false };
  const limit = dashboardListLimit;
  const [offers, ready, revisits, week, requests, completed] = await Promise.all([
    offersOf(db, company.id, limit),
    ordersInStatus(db, company.id, ['assigned'], limit, ['arrived', 'customer_supplied']),
    ordersInStatus(db, company.id, ['revisit_required'], limit),
    listVisits(db, companyViewer, { from: calendar.weekStart, to: calendar.weekEnd, limit: 500 }),
    openRescheduleRequests(db, company.id, limit),
    completedBetween(db, company.id, calendar.monthStart, calendar.monthEnd),
  ]);
  const live = week.filter((visit) => visit.status !== 'cancelled');
  return {
    company,
    today,
    ...calendar,
    offers: {
      count: offers.count,
      items: offers.rows.map((row) => ({
        orderId: row.orderId,
        orderNumber: row.orderNumber,
        jobType: { id: row.jobTypeId, name: row.jobTypeName },
        postcodeArea: postcodeParts(row.postcode)?.outcode ?? row.postcode.split(' ')[0]!,
        town: row.town,
        requestedDate: row.requestedDate,
        availability: availabilityOf(row.answers?.availability),
        answers: row.answers
          ? {
              propertyType: row.answers.propertyType,
              tenure: row.answers.tenure,
              landlordPermission: row.answers.landlordPermission === true,
              listedBuilding: row.answers.listedBuilding,
              dishPosition: row.answers.dishPosition ?? '',
              accessNotes: row.answers.accessNotes ?? '',
            }
          : null,
        payoutPence: row.payoutPence,
        offeredAt: row.offeredAt ? row.offeredAt.toISOString() : null,
      })),
    },
    readyToSchedule: ready,
    revisitsNeeded: revisits,
    visitsToday: live.filter((visit) => visit.scheduledDate === today),
    visitsThisWeek: live,
    rescheduleRequests: requests.map((row) => ({
      orderId: row.order_id,
      orderNumber: row.order_number,
      customerName: row.actor_name,
      requestedAt: new Date(row.created_at).toISOString(),
      dates: Array.isArray(row.data?.dates)
        ? row.data.dates.filter((d): d is string => typeof d === 'string')
        : [],
      note: typeof row.data?.note === 'string' ? row.data.note : null,
      currentVisitDate: row.visit_date ? String(row.visit_date).slice(0, 10) : null,
    })),
    completedThisMonth: completed,
  };
}

const monthOf = (date: string) => date.slice(0, 7);
function shiftMonth(month: string, by: number) {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
}

export async function contractorReport(
  db: Database,
  viewer: Viewer,
  query: { from?: string; to?: string },
  now = new Date(),
): Promise<ContractorReport> {
  const company = await companyOf(db, viewer);
  const to = query.to ?? (query.from ? shiftMonth(query.from, defaultReportMonths - 1) : null);
  const last = to ?? monthOf(londonDateOf(now));
  const from = query.from ?? shiftMonth(last, -(defaultReportMonths - 1));
  const raw = await visitOutcomes(db, company.id, from, last);
  const rows: ContractorReportRow[] = raw.map((r) => ({
    month: r.month,
    engineer: { id: r.engineer_id, name: `${r.first_name} ${r.last_name}`.trim() },
    completed: Number(r.completed),
    failed: Number(r.failed),
    firstTimeFixes: Number(r.first_time_fixes),
    payoutPence: Number(r.payout_pence),
  }));
  const months = [];
  for (let month = from; month <= last; month = shiftMonth(month, 1)) {
    const of = rows.filter((row) => row.month === month);
    months.push({ month, ...sum(of) });
  }
  return { from, to: last, rows, months, totals: sum(rows) };
}

function sum(rows: Omit<ContractorReportRow, 'month' | 'engineer'>[]) {
  return rows.reduce(
    (total, row) => ({
      completed: total.completed + row.completed,
      failed: total.failed + row.failed,
      firstTimeFixes: total.firstTimeFixes + row.firstTimeFixes,
      payoutPence: total.payoutPence + row.payoutPence,
    }),
    { completed: 0, failed: 0, firstTimeFixes: 0, payoutPence: 0 },
  );
}

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The report as CSV: one line per engineer and month, then the totals. */
export function contractorReportCsv(report: ContractorReport): string {
  const rate = (completed: number, fixes: number) =>
    completed === 0 ? '' : `${Math.round((fixes / completed) * 100)}%`;
  const lines = [
    [
      'Month',
      'Engineer',
      'Completed visits',
      'Failed visits',
      'First-time fixes',
      'First-time fix rate',
      'Payouts (GBP)',
    ],
    ...report.rows.map((row) => [
      row.month,
      row.engineer.name,
      row.completed,
      row.failed,
      row.firstTimeFixes,
      rate(row.completed, row.firstTimeFixes),
      (row.payoutPence / 100).toFixed(2),
    ]),
    [
      `${report.from} to ${report.to}`,
      'All engineers',
      report.totals.completed,
      report.totals.failed,
      report.totals.firstTimeFixes,
      rate(report.totals.completed, report.totals.firstTimeFixes),
      (report.totals.payoutPence / 100).toFixed(2),
    ],
  ];
  return `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
