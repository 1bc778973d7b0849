import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { ChartBucket } from '@shared/reports/reports.contracts';
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
import { ReportChart, type ChartSeries } from './report-chart';
import { ReportFilters, reportQueryFrom, useReportFilters } from './report-filters';
import { PeriodHeading, ReportState } from './report-parts';

/** One figure of a report row: its heading, the table's cell, and the card's (if it differs). */
export type ReportColumn<Row> = {
  header: string;
  /** The card's shorter label, where the heading is long. */
  cardLabel?: string;
  cell: (row: Row) => ReactNode;
  cardCell?: (row: Row) => ReactNode;
};

type Owner = { id: string; name: string };

type ReportData<Key extends string> = {
  periodStart: string;
  periodEnd: string;
  bucket: ChartBucket;
  series: ({ bucket: string } & Record<Key, number>)[];
  rows: unknown[];
};

type RowOf<Report extends { rows: unknown[] }> = Report['rows'][number];

const numeric = 'text-right align-top';
const numericHead = 'h-auto py-2 text-right whitespace-normal';

function ReportTable<Row>({
  label,
  ownerHeader,
  rows,
  ownerOf,
  columns,
}: {
  label: string;
  ownerHeader: string;
  rows: Row[];
  ownerOf: (row: Row) => Owner;
  columns: ReportColumn<Row>[];
}) {
  return (
    <ResponsiveList
      label={label}
      cards={rows.map((row) => (
        <ListCard key={ownerOf(row).id}>
          <p className="font-medium text-slate-900">{ownerOf(row).name}</p>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {columns.map((column) => (
              <div key={column.header} className="contents">
                <dt className="text-slate-600">{column.cardLabel ?? column.header}</dt>
                <dd className="text-right">{(column.cardCell ?? column.cell)(row)}</dd>
              </div>
            ))}
          </dl>
        </ListCard>
      ))}
      table={
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{ownerHeader}</TableHead>
              {columns.map((column) => (
                <TableHead key={column.header} className={numericHead}>
                  {column.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={ownerOf(row).id}>
                <TableCell className="align-top font-medium">{ownerOf(row).name}</TableCell>
                {columns.map((column) => (
                  <TableCell key={column.header} className={numeric}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
    />
  );
}

/**
 * The frame both reports share (issue 22): filters checked with the server's schema, the
 * chart over the period, then a row per owner (contractor or partner) as a table or cards.
 */
export function ReportPage<Query, Report extends ReportData<Key>, Key extends string>({
  title,
  description,
  schema,
  ownerField,
  owner,
  useReport,
  csvUrl,
  ownersOf,
  chart,
  ownerOf,
  columns,
}: {
  title: string;
  description: string;
  schema: z.ZodType<unknown>;
  ownerField: string;
  /** The owner's words: "Contractor", "All contractors", "Contractors", "By contractor". */
  owner: { label: string; all: string; plural: string; section: string };
  useReport: (query: Query, enabled: boolean) => Parameters<typeof ReportState<Report>>[0]['query'];
  csvUrl: (query: Query) => string;
  ownersOf: (data: Report) => Owner[];
  chart: { title: string; series: ChartSeries<Key>[] };
  ownerOf: (row: RowOf<Report>) => Owner;
  columns: ReportColumn<RowOf<Report>>[];
}) {
  const { filters, field } = useReportFilters();
  const { query, problem } = reportQueryFrom<Query>(schema, filters, ownerField);
  const report = useReport(query ?? ({} as Query), query !== null);

  return (
    <PageLayout>
      <PageHeader title={title} description={description} />
      <ReportFilters
        filters={filters}
        field={field}
        ownerLabel={owner.label}
        ownerAllLabel={owner.all}
        owners={report.data ? ownersOf(report.data) : undefined}
        problem={problem}
        csvUrl={query ? csvUrl(query) : null}
      />
      <ReportState query={report}>
        {(data) => (
          <>
            <section aria-label="Chart" className="grid gap-3">
              <PeriodHeading start={data.periodStart} end={data.periodEnd} />
              <ReportChart
                title={chart.title}
                bucket={data.bucket}
                rows={data.series}
                series={chart.series}
              />
            </section>
            <section aria-label={owner.section} className="grid gap-3">
              <ReportTable
                label={owner.plural}
                ownerHeader={owner.label}
                rows={data.rows}
                ownerOf={ownerOf}
                columns={columns}
              />
            </section>
          </>
        )}
      </ReportState>
    </PageLayout>
  );
}
