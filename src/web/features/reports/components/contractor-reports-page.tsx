import {
  contractorReportQuery,
  type ContractorReport,
  type ContractorReportQuery,
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
import {
  contractorReportCsvUrl,
  useContractorReport,
} from '@web/api/reports/get-contractor-report';
import { formatPence } from '@web/lib/money';
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

function ContractorTable({ report }: { report: ContractorReport }) {
  return (
    <ResponsiveList
      label="Contractors"
      cards={report.rows.map((row) => (
        <ListCard key={row.contractor.id}>
          <p className="font-medium text-slate-900">{row.contractor.name}</p>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Offered</dt>
            <dd className="text-right">{row.offered}</dd>
            <dt className="text-slate-600">Accepted</dt>
            <dd className="text-right">{row.accepted}</dd>
            <dt className="text-slate-600">Declined</dt>
            <dd className="text-right">
              {row.declined}
              {row.declinedByReason.map((r) => ` · ${reasonLabel(r.reason)}: ${r.count}`)}
            </dd>
            <dt className="text-slate-600">Completed</dt>
            <dd className="text-right">{row.completed}</dd>
            <dt className="text-slate-600">Failed</dt>
            <dd className="text-right">
              {row.failed}
              {row.failedByReason.map((r) => ` · ${reasonLabel(r.reason)}: ${r.count}`)}
            </dd>
            <dt className="text-slate-600">First-time fix rate</dt>
            <dd className="text-right">{percent(row.firstTimeFixRate)}</dd>
            <dt className="text-slate-600">Median assigned to completed</dt>
            <dd className="text-right">{days(row.medianDaysAssignedToCompleted)}</dd>
            <dt className="text-slate-600">Payouts</dt>
            <dd className="text-right">{formatPence(row.payoutPence)}</dd>
          </dl>
        </ListCard>
      ))}
      table={
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Contractor</TableHead>
              <TableHead className="h-auto py-2 text-right whitespace-normal">Offered</TableHead>
              <TableHead className="h-auto py-2 text-right whitespace-normal">Accepted</TableHead>
              <TableHead className="h-auto py-2 text-right whitespace-normal">Declined</TableHead>
              <TableHead className="h-auto py-2 text-right whitespace-normal">Completed</TableHead>
              <TableHead className="h-auto py-2 text-right whitespace-normal">Failed</TableHead>
              <TableHead className="h-auto py-2 text-right whitespace-normal">
                First-time fix rate
              </TableHead>
              <TableHead className="h-auto py-2 text-right whitespace-normal">
                Median days assigned to completed
              </TableHead>
              <TableHead className="h-auto py-2 text-right whitespace-normal">Payouts</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {report.rows.map((row) => (
              <TableRow key={row.contractor.id}>
                <TableCell className="align-top font-medium">{row.contractor.name}</TableCell>
                <TableCell className={numeric}>{row.offered}</TableCell>
                <TableCell className={numeric}>{row.accepted}</TableCell>
                <TableCell className={numeric}>
                  <WithReasons count={row.declined} reasons={row.declinedByReason} />
                </TableCell>
                <TableCell className={numeric}>{row.completed}</TableCell>
                <TableCell className={numeric}>
                  <WithReasons count={row.failed} reasons={row.failedByReason} />
                </TableCell>
                <TableCell className={numeric}>{percent(row.firstTimeFixRate)}</TableCell>
                <TableCell className={numeric}>{days(row.medianDaysAssignedToCompleted)}</TableCell>
                <TableCell className={numeric}>{formatPence(row.payoutPence)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
    />
  );
}

/** /admin/contractor-reports (issue 22): each contractor's work over a period, from the events. */
export default function ContractorReportsPage() {
  const { filters, field } = useReportFilters();
  const { query, problem } = reportQueryFrom<ContractorReportQuery>(
    contractorReportQuery,
    filters,
    'contractorId',
  );
  const report = useContractorReport(query ?? {}, query !== null);

  return (
    <PageLayout>
      <PageHeader
        title="Contractor reports"
        description="Offers, answers, visits, first-time fixes, lead times and payouts per contractor, from each order's history."
      />
      <ReportFilters
        filters={filters}
        field={field}
        ownerLabel="Contractor"
        ownerAllLabel="All contractors"
        owners={report.data?.contractors}
        problem={problem}
        csvUrl={query ? contractorReportCsvUrl(query) : null}
      />
      <ReportState query={report}>
        {(data) => (
          <>
            <section aria-label="Chart" className="grid gap-3">
              <PeriodHeading start={data.periodStart} end={data.periodEnd} />
              <ReportChart
                title="Offered, completed and failed"
                bucket={data.bucket}
                rows={data.series}
                series={[
                  { key: 'offered', label: 'Offered', fill: '#1d4ed8', swatch: 'bg-blue-700' },
                  { key: 'completed', label: 'Completed', fill: '#15803d', swatch: 'bg-green-700' },
                  { key: 'failed', label: 'Failed', fill: '#b91c1c', swatch: 'bg-red-700' },
                ]}
              />
            </section>
            <section aria-label="By contractor" className="grid gap-3">
              <ContractorTable report={data} />
            </section>
          </>
        )}
      </ReportState>
    </PageLayout>
  );
}
