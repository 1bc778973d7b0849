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
import { Input } from '@web/components/ui/input';
import { Pagination } from '@web/components/ui/pagination';
import { Select } from '@web/components/ui/select';
import { errorMessage } from '@web/lib/api-client';
import { DeliveriesList } from '../../webhooks/components/DeliveriesList';
import { RequestsTable } from './RequestsTable';

type Filters = Omit<ApiRequestLogQuery, 'page' | 'pageSize'>;

function RequestsLog({ filters }: { filters: Filters }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const requests = useApiRequests({ ...filters, page, pageSize });
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
        pageSizes={[25, 50, 100]}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        label="Request pages"
      />
    </div>
  );
}

/** What each kind of log shows: inbound API requests, outbound webhook deliveries (issue 14). */
export const logKinds: Partial<
  Record<ApiLogKind, { label: string; render: (filters: Filters) => ReactNode }>
> = {
  requests: { label: 'API requests', render: (filters) => <RequestsLog filters={filters} /> },
  // Each delivery with every attempt: time, URL, answer, duration, address (Details).
  deliveries: {
    label: 'Webhook deliveries',
    render: (filters) => (
      <DeliveriesList key={filters.partnerId ?? ''} partnerId={filters.partnerId} />
    ),
  },
};

/** /api/logs: every partner API request and every webhook delivery, with filters. */
export default function LogsPage() {
  const partners = usePartners();
  const [kind, setKind] = useState<ApiLogKind>('requests');
  const [filters, setFilters] = useState<Filters>({});
  const set = (name: keyof Filters, value: string) =>
    setFilters((current) => ({ ...current, [name]: value === '' ? undefined : value }));
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
          <FormField label="Partner">
            {(field) => (
              <Select
                {...field}
                value={filters.partnerId ?? ''}
                onChange={(e) => set('partnerId', e.target.value)}
              >
                <option value="">All partners</option>
                {partners.data?.items.map((partner) => (
                  <option key={partner.id} value={partner.id}>
                    {partner.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Status">
            {(field) => (
              <Select
                {...field}
                value={filters.status ?? ''}
                onChange={(e) => set('status', e.target.value)}
              >
                <option value="">Any status</option>
                {statusClasses.map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
                {['401', '403', '404', '409', '422', '429'].map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Method">
            {(field) => (
              <Select
                {...field}
                value={filters.method ?? ''}
                onChange={(e) => set('method', e.target.value)}
              >
                <option value="">Any method</option>
                {httpMethods.map((method) => (
                  <option key={method} value={method}>
                    {method}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Path contains">
            {(field) => (
              <Input
                {...field}
                value={filters.path ?? ''}
                placeholder="/api/v1/orders"
                onChange={(e) => set('path', e.target.value)}
              />
            )}
          </FormField>
          <FormField label="From">
            {(field) => (
              <Input
                {...field}
                type="date"
                value={filters.from ?? ''}
                onChange={(e) => set('from', e.target.value)}
              />
            )}
          </FormField>
          <FormField label="To">
            {(field) => (
              <Input
                {...field}
                type="date"
                value={filters.to ?? ''}
                onChange={(e) => set('to', e.target.value)}
              />
            )}
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-6">{logKinds[kind]?.render(filters)}</CardContent>
      </Card>
    </PageLayout>
  );
}
