import {
  contractorReportQuery,
  type ContractorReport,
  type ContractorReportQuery,
} from '@shared/reports/reports.contracts';
import {
  contractorReportCsvUrl,
  useContractorReport,
} from '@web/api/reports/get-contractor-report';
import { formatPence } from '@web/lib/money';
import { days, percent, reasonsInline, WithReasons } from './report-parts';
import { ReportPage, type ReportColumn } from './report-page';

type Row = ContractorReport['rows'][number];

const columns: ReportColumn<Row>[] = [
  { header: 'Offered', cell: (row) => row.offered },
  { header: 'Accepted', cell: (row) => row.accepted },
  {
    header: 'Declined',
    cell: (row) => <WithReasons count={row.declined} reasons={row.declinedByReason} />,
    cardCell: (row) => reasonsInline(row.declined, row.declinedByReason),
  },
  { header: 'Completed', cell: (row) => row.completed },
  {
    header: 'Failed',
    cell: (row) => <WithReasons count={row.failed} reasons={row.failedByReason} />,
    cardCell: (row) => reasonsInline(row.failed, row.failedByReason),
  },
  { header: 'First-time fix rate', cell: (row) => percent(row.firstTimeFixRate) },
  {
    header: 'Median days assigned to completed',
    cardLabel: 'Median assigned to completed',
    cell: (row) => days(row.medianDaysAssignedToCompleted),
  },
  { header: 'Payouts', cell: (row) => formatPence(row.payoutPence) },
];

/** /admin/contractor-reports (issue 22): each contractor's work over a period, from the events. */
export default function ContractorReportsPage() {
  return (
    <ReportPage<ContractorReportQuery, ContractorReport, 'offered' | 'completed' | 'failed'>
      title="Contractor reports"
      description="Offers, answers, visits, first-time fixes, lead times and payouts per contractor, from each order's history."
      schema={contractorReportQuery}
      ownerField="contractorId"
      owner={{
        label: 'Contractor',
        all: 'All contractors',
        plural: 'Contractors',
        section: 'By contractor',
      }}
      useReport={useContractorReport}
      csvUrl={contractorReportCsvUrl}
      ownersOf={(data) => data.contractors}
      chart={{
        title: 'Offered, completed and failed',
        series: [
          { key: 'offered', label: 'Offered', fill: '#1d4ed8', swatch: 'bg-blue-700' },
          { key: 'completed', label: 'Completed', fill: '#15803d', swatch: 'bg-green-700' },
          { key: 'failed', label: 'Failed', fill: '#b91c1c', swatch: 'bg-red-700' },
        ],
      }}
      ownerOf={(row) => row.contractor}
      columns={columns}
    />
  );
}
