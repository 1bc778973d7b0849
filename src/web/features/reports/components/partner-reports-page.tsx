import {
  partnerReportQuery,
  type PartnerReport,
  type PartnerReportQuery,
} from '@shared/reports/reports.contracts';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { ListCard, ResponsiveList } from '@web/components/responsive-list';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { partnerReportCsvUrl, usePartnerReport } from '@web/api/reports/get-partner-report';
import { ReportChart } from './report-chart';
import { ReportFilters, reportQueryFrom, useReportFilters } from './report-filters';
import {
  days,
  percent,
  PeriodHeading,
  reasonLabel,
  ReportState,
  WithReasons,
} from './report-parts';

const numeric = 'text-right align-top';

function PartnerTable({ report }: { report: PartnerReport }) {
  return (
    <ResponsiveList
      label="Partners"
      cards={report.rows.map((row) => (
        <ListCard key={row.partner.id}>
          <p className="font-medium text-slate-900">{row.partner.name}</p>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Orders in</dt>
            <dd className="text-right">{row.ordersIn}</dd>
            <dt className="text-slate-600">Installed</dt>
            <dd className="text-right">{row.installed}</dd>
            <dt className="text-slate-600">Failed</dt>
            <dd className="text-right">
              {row.failed}
              {row.failedByReason.map((r) => ` · ${reasonLabel(r.reason)}: ${r.count}`)}
            </dd>
            <dt className="text-slate-600">Cancelled</dt>
            <dd className="text-right">{row.cancelled}</dd>
            <dt className="text-slate-600">SLA met</dt>
            <dd className="text-right">{row.slaMet}</dd>
            <dt className="text-slate-600">SLA missed</dt>
            <dd className="text-right">{row.slaMissed}</dd>
            <dt className="text-slate-600">SLA compliance</dt>
            <dd className="text-right">{percent(row.slaCompliance)}</dd>
            <dt className="text-slate-600">Median received to installed</dt>
            <dd className="text-right">{days(row.medianDaysReceivedToInstalled)}</dd>
            <dt className="text-slate-600">Serials installed</dt>
            <dd className="text-right">{row.serialsInstalled}</dd>
          </dl>
        </ListCard>
      ))}
      table={
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Partner</TableHead>
              <TableHead className="h-auto py-2 text-right whitespace-normal">Orders in</TableHead>
              <TableHead className="h-auto py-2 text-right whitespace-normal">Installed</TableHead>
              <TableHead className="h-auto py-2 text-right whitespace-normal">Failed</TableHead>
              <TableHead className="h-auto py-2 text-right whitespace-normal">Cancelled</TableHead>
              <TableHead className="h-auto py-2 text-right whitespace-normal">SLA met</TableHead>
              <TableHead className="h-auto py-2 text-right whitespace-normal">SLA missed</TableHead>
              <TableHead className="h-auto py-2 text-right whitespace-normal">
                SLA compliance
              </TableHead>
              <TableHead className="h-auto py-2 text-right whitespace-normal">
                Median days received to installed
              </TableHead>
              <TableHead className="h-auto py-2 text-right whitespace-normal">
                Serials installed
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {report.rows.map((row) => (
              <TableRow key={row.partner.id}>
                <TableCell className="align-top font-medium">{row.partner.name}</TableCell>
                <TableCell className={numeric}>{row.ordersIn}</TableCell>
                <TableCell className={numeric}>{row.installed}</TableCell>
                <TableCell className={numeric}>
                  <WithReasons count={row.failed} reasons={row.failedByReason} />
                </TableCell>
                <TableCell className={numeric}>{row.cancelled}</TableCell>
                <TableCell className={numeric}>{row.slaMet}</TableCell>
                <TableCell className={numeric}>{row.slaMissed}</TableCell>
                <TableCell className={numeric}>{percent(row.slaCompliance)}</TableCell>
                <TableCell className={numeric}>{days(row.medianDaysReceivedToInstalled)}</TableCell>
                <TableCell className={numeric}>{row.serialsInstalled}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
    />
  );
}

/**
 * /admin/sbpm-reports (issue 22): the partner report (SBPM hands out installation work for a
 * satellite network); each partner's orders over a period against its SLA target.
 */
export default function PartnerReportsPage() {
  const { filters, field } = useReportFilters();
  const { query, problem } = reportQueryFrom<PartnerReportQuery>(
    partnerReportQuery,
    filters,
    'partnerId',
  );
  const report = usePartnerReport(query ?? {}, query !== null);

  return (
    <PageLayout>
      <PageHeader
        title="SBPM reports"
        description="Orders in, installed, failed and cancelled per partner, SLA met and missed against each order's target, lead times and serials installed."
      />
      <ReportFilters
        filters={filters}
        field={field}
        ownerLabel="Partner"
        ownerAllLabel="All partners"
        owners={report.data?.partners}
        problem={problem}
        csvUrl={query ? partnerReportCsvUrl(query) : null}
      />
      <ReportState query={report}>
        {(data) => (
          <>
            <section aria-label="Chart" className="grid gap-3">
              <PeriodHeading start={data.periodStart} end={data.periodEnd} />
              <ReportChart
                title="Orders in, installed and failed"
                bucket={data.bucket}
                rows={data.series}
                series={[
                  { key: 'ordersIn', label: 'Orders in', fill: '#1d4ed8', swatch: 'bg-blue-700' },
                  { key: 'installed', label: 'Installed', fill: '#15803d', swatch: 'bg-green-700' },
                  { key: 'failed', label: 'Failed', fill: '#b91c1c', swatch: 'bg-red-700' },
                ]}
              />
            </section>
            <section aria-label="By partner" className="grid gap-3">
              <PartnerTable report={data} />
            </section>
          </>
        )}
      </ReportState>
    </PageLayout>
  );
}
