import { useState, type ReactNode } from 'react';
import {
  apiLogKinds,
  httpMethods,
  statusClasses,
  type ApiLogKind,
  type ApiRequestLogQuery,
} from '@shared/partner-api/partner-api.contracts';
import { usePartners } from '@web/api/partners/list-partners';
import { useApiRequests } from '@web/api/partner-api/list-api-requests';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Card, CardContent } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { FilterBar, namedOptions } from '@web/components/filter-bar';
import { Pagination } from '@web/components/ui/pagination';
import { Select } from '@web/components/ui/select';
import { errorMessage } from '@web/lib/api-client';
import { cursorStep } from '@web/lib/cursor-paging';
import { RequestsTable } from './requests-table';

type Filters = Omit<ApiRequestLogQuery, 'page' | 'pageSize' | 'cursor'>;

const statusOptions = [...statusClasses, '401', '403', '404', '409', '422', '429'].map(
  (status) => ({
    value: status,
    label: status,
  }),
);
const methodOptions = httpMethods.map((method) => ({ value: method, label: method }));

function RequestsLog({ filters }: { filters: Filters }) {
  const [at, setAt] = useState({ page: 1, cursor: '' });
  const [pageSize, setPageSize] = useState(50);
  const requests = useApiRequests({
    ...filters,
    page: at.page,
    cursor: at.cursor || undefined,
    pageSize,
  });
  if (requests.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(requests.error, 'Could not load the requests')}
      </p>
    );
  const data = requests.data;
  if (!data) return <p className="text-sm text-slate-600">Loading requests…</p>;
  return (
    <div className="grid gap-3">
      {data.items.length === 0 ? (
        <p className="text-sm text-slate-600">No requests match these filters.</p>
      ) : (
        <RequestsTable items={data.items} label="API requests" />
      )}
      <Pagination
        page={data.page}
        pageSize={data.pageSize}
        total={data.total}
        totalIsEstimate={data.totalIsEstimate}
        totalIsLowerBound={data.totalIsLowerBound}
        shown={data.items.length}
        noun={{ one: 'request', many: 'requests' }}
        hasNext={data.nextCursor !== null}
        hasPrevious={data.prevCursor !== null}
        pageSizes={[25, 50, 100]}
        onPageChange={(page) => setAt(cursorStep(page, data.page, data))}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setAt({ page: 1, cursor: '' });
        }}
        label="Request pages"
      />
    </div>
  );
}

/** What each kind of log shows: inbound API requests, outbound webhook deliveries (issue 14). */
type LogKinds = Partial<
  Record<ApiLogKind, { label: string; render: (filters: Filters) => ReactNode }>
>;

export type LogsPageProps = {
  /**
   * The webhook deliveries of a partner (or all), each with every attempt; the webhooks area
   * draws it and the app puts it here, as features do not import each other.
   */
  renderDeliveries?: (partnerId: string | undefined) => ReactNode;
};

/** /api/logs: every partner API request and every webhook delivery, with filters. */
export default function LogsPage({ renderDeliveries }: LogsPageProps) {
  const logKinds: LogKinds = {
    requests: { label: 'API requests', render: (filters) => <RequestsLog filters={filters} /> },
    ...(renderDeliveries && {
      deliveries: {
        label: 'Webhook deliveries',
        render: (filters: Filters) => renderDeliveries(filters.partnerId),
      },
    }),
  };
  const partners = usePartners();
  const [kind, setKind] = useState<ApiLogKind>('requests');
  const [filters, setFilters] = useState<Filters>({});
  const field = (name: keyof Filters) => ({
    value: filters[name] ?? '',
    onChange: (value: string) =>
      setFilters((current) => ({ ...current, [name]: value === '' ? undefined : value })),
  });
  const kinds = apiLogKinds.filter((k) => logKinds[k]);
  return (
    <PageLayout>
      <PageHeader
        title="API logging"
        description="Requests partners made to the API, kept for the retention set on API settings."
      />
      <Card>
        <CardContent className="grid gap-3 pt-6 sm:grid-cols-2 lg:grid-cols-4">
          <FormField label="Log">
            {(field) => (
              <Select
                {...field}
                value={kind}
                onChange={(e) => setKind(e.target.value as ApiLogKind)}
              >
                {kinds.map((k) => (
                  <option key={k} value={k}>
                    {logKinds[k]!.label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FilterBar
            className="contents"
            filters={[
              {
                kind: 'select',
                label: 'Partner',
                allLabel: 'All partners',
                options: namedOptions(partners.data?.items),
                ...field('partnerId'),
              },
              {
                kind: 'select',
                label: 'Status',
                allLabel: 'Any status',
                options: statusOptions,
                ...field('status'),
              },
              {
                kind: 'select',
                label: 'Method',
                allLabel: 'Any method',
                options: methodOptions,
                ...field('method'),
              },
              {
                kind: 'text',
                label: 'Path contains',
                placeholder: '/api/v1/orders',
                ...field('path'),
              },
              { kind: 'text', label: 'From', type: 'date', ...field('from') },
              { kind: 'text', label: 'To', type: 'date', ...field('to') },
            ]}
          />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-6">{logKinds[kind]?.render(filters)}</CardContent>
      </Card>
    </PageLayout>
  );
}
