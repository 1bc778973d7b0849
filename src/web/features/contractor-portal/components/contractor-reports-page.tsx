import { Download } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  contractorReportQuery,
  firstTimeFixRate,
  type ContractorReport,
  type ContractorReportQuery,
} from '@shared/contractor-portal/contractor-portal.contracts';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Button } from '@web/components/ui/button';
import { ListCard, ResponsiveList } from '@web/components/responsive-list';
import { EmptyState } from '@web/components/ui/empty-state';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { contractorReportCsvUrl, useContractorReport } from '@web/api/contractor-portal/get-report';
import { errorMessage } from '@web/lib/api-client';
import { bodyResolver } from '@web/lib/body-resolver';
import { formatPence } from '@web/lib/money';
import { formatMonth } from '@web/lib/format-date';
import { OutcomeChart } from './outcome-chart';

type ReportFigures = ContractorReport['totals'];

const rate = (row: { completed: number; firstTimeFixes: number }) => {
  const value = firstTimeFixRate(row);
  return value === null ? '—' : `${value}%`;
};

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function Report({ report }: { report: ContractorReport }) {
  return (
    <>
      <section aria-labelledby="totals-heading" className="grid gap-3">
        <h2 id="totals-heading" className="text-lg font-semibold text-slate-900">
          {formatMonth(report.from)} to {formatMonth(report.to)}
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Total label="Completed visits" value={String(report.totals.completed)} />
          <Total label="Failed visits" value={String(report.totals.failed)} />
          <Total label="First-time fix rate" value={rate(report.totals)} />
          <Total label="Payouts" value={formatPence(report.totals.payoutPence)} />
        </dl>
      </section>

      <section aria-labelledby="chart-heading" className="grid gap-3">
        <h2 id="chart-heading" className="text-lg font-semibold text-slate-900">
          Visits by month
        </h2>
        <OutcomeChart report={report} />
      </section>

      <section aria-labelledby="engineers-heading" className="grid gap-3">
        <h2 id="engineers-heading" className="text-lg font-semibold text-slate-900">
          By engineer and month
        </h2>
        {report.rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
            No visit was completed or failed in these months.
          </p>
        ) : (
          <ResponsiveList
            label="Visits by engineer and month"
            cards={[
              ...report.rows.map((row) => (
                <ListCard key={`${row.month}-${row.engineer.id}`}>
                  <p className="font-medium text-slate-900">
                    {formatMonth(row.month)} · {row.engineer.name}
                  </p>
                  <OutcomeFigures row={row} />
                </ListCard>
              )),
              <ListCard key="totals" className="bg-slate-50">
                <p className="font-medium text-slate-900">All engineers</p>
                <OutcomeFigures row={report.totals} />
              </ListCard>,
            ]}
            table={
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Month</TableHead>
                    <TableHead>Engineer</TableHead>
                    <TableHead className="text-right">Completed</TableHead>
                    <TableHead className="text-right">Failed</TableHead>
                    <TableHead className="text-right">First-time fix rate</TableHead>
                    <TableHead className="text-right">Payouts</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {report.rows.map((row) => (
                    <TableRow key={`${row.month}-${row.engineer.id}`}>
                      <TableCell>{formatMonth(row.month)}</TableCell>
                      <TableCell>{row.engineer.name}</TableCell>
                      <TableCell className="text-right">{row.completed}</TableCell>
                      <TableCell className="text-right">{row.failed}</TableCell>
                      <TableCell className="text-right">{rate(row)}</TableCell>
                      <TableCell className="text-right">{formatPence(row.payoutPence)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow>
                    <TableCell colSpan={2}>All engineers</TableCell>
                    <TableCell className="text-right">{report.totals.completed}</TableCell>
                    <TableCell className="text-right">{report.totals.failed}</TableCell>
                    <TableCell className="text-right">{rate(report.totals)}</TableCell>
                    <TableCell className="text-right">
                      {formatPence(report.totals.payoutPence)}
                    </TableCell>
                  </TableRow>
                </TableFooter>
              </Table>
            }
          />
        )}
      </section>
    </>
  );
}

/** One row's figures on a phone card. */
function OutcomeFigures({ row }: { row: ReportFigures }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
      <dt className="text-slate-600">Completed</dt>
      <dd className="text-right">{row.completed}</dd>
      <dt className="text-slate-600">Failed</dt>
      <dd className="text-right">{row.failed}</dd>
      <dt className="text-slate-600">First-time fix rate</dt>
      <dd className="text-right">{rate(row)}</dd>
      <dt className="text-slate-600">Payouts</dt>
      <dd className="text-right">{formatPence(row.payoutPence)}</dd>
    </dl>
  );
}

/** The months as typed; an empty one is no bound. */
type Months = { from: string; to: string };
const monthsResolver = bodyResolver(contractorReportQuery, (months: Months) => ({
  from: months.from || undefined,
  to: months.to || undefined,
}));

/** /contractor/reports (decision 032): the company's visits, first-time fixes and payouts. */
export default function ContractorReportsPage() {
  const [query, setQuery] = useState<ContractorReportQuery>({});
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Months, unknown, ContractorReportQuery>({
    resolver: monthsResolver,
    defaultValues: { from: '', to: '' },
  });
  const report = useContractorReport(query);

  const apply = handleSubmit((next) => setQuery(next));

  return (
    <PageLayout>
      <PageHeader
        title="Contractor reports"
        description="Visits completed and failed by engineer and month, first-time fixes and payouts."
        actions={
          <Button variant="outline" asChild>
            <a href={contractorReportCsvUrl(query)} download>
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        }
      />
      <form
        onSubmit={apply}
        noValidate
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3"
        aria-label="Months"
      >
        <FormField label="From month" error={errors.from?.message}>
          {(field) => <Input {...field} type="month" placeholder="YYYY-MM" {...register('from')} />}
        </FormField>
        <FormField label="To month" error={errors.to?.message}>
          {(field) => <Input {...field} type="month" placeholder="YYYY-MM" {...register('to')} />}
        </FormField>
        <Button type="submit">Show</Button>
      </form>
      <div aria-busy={report.isFetching} className="grid gap-6">
        {report.isPending ? (
          <div role="status" aria-label="Loading report" className="grid gap-3">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-48 w-full" />
          </div>
        ) : report.isError ? (
          <EmptyState
            title="The report could not be loaded"
            action={<Button onClick={() => void report.refetch()}>Try again</Button>}
          >
            {errorMessage(report.error, report.error.message)}
          </EmptyState>
        ) : (
          <Report report={report.data} />
        )}
      </div>
    </PageLayout>
  );
}
