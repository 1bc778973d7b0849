import {
  partnerReportQuery,
  type PartnerReport,
  type PartnerReportQuery,
} from '@shared/reports/reports.contracts';
import { partnerReportCsvUrl, usePartnerReport } from '@web/api/reports/get-partner-report';
import { days, percent, reasonsInline, WithReasons } from './report-parts';
import { ReportPage, type ReportColumn } from './report-page';

type Row = PartnerReport['rows'][number];

const columns: ReportColumn<Row>[] = [
  { header: 'Orders in', cell: (row) => row.ordersIn },
  { header: 'Installed', cell: (row) => row.installed },
  {
    header: 'Failed',
    cell: (row) => <WithReasons count={row.failed} reasons={row.failedByReason} />,
    cardCell: (row) => reasonsInline(row.failed, row.failedByReason),
  },
  { header: 'Cancelled', cell: (row) => row.cancelled },
  { header: 'SLA met', cell: (row) => row.slaMet },
  { header: 'SLA missed', cell: (row) => row.slaMissed },
  { header: 'SLA compliance', cell: (row) => percent(row.slaCompliance) },
  {
    header: 'Median days received to installed',
    cardLabel: 'Median received to installed',
    cell: (row) => days(row.medianDaysReceivedToInstalled),
  },
  { header: 'Serials installed', cell: (row) => row.serialsInstalled },
];

/**
 * /admin/sbpm-reports (issue 22): the partner report (SBPM hands out installation work for a
 * satellite network); each partner's orders over a period against its SLA target.
 */
export default function PartnerReportsPage() {
  return (
    <ReportPage<PartnerReportQuery, PartnerReport, 'ordersIn' | 'installed' | 'failed'>
      title="SBPM reports"
      description="Orders in, installed, failed and cancelled per partner, SLA met and missed against each order's target, lead times and serials installed."
      schema={partnerReportQuery}
      ownerField="partnerId"
      owner={{ label: 'Partner', all: 'All partners', plural: 'Partners', section: 'By partner' }}
      useReport={usePartnerReport}
      csvUrl={partnerReportCsvUrl}
      ownersOf={(data) => data.partners}
      chart={{
        title: 'Orders in, installed and failed',
        series: [
          { key: 'ordersIn', label: 'Orders in', fill: '#1d4ed8', swatch: 'bg-blue-700' },
          { key: 'installed', label: 'Installed', fill: '#15803d', swatch: 'bg-green-700' },
          { key: 'failed', label: 'Failed', fill: '#b91c1c', swatch: 'bg-red-700' },
        ],
      }}
      ownerOf={(row) => row.partner}
      columns={columns}
    />
  );
}
