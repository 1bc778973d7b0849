import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  chartSeries,
  type AuditEntry,
  type AuditFilters,
  type ChartInterval,
} from '@shared/audit/audit.contracts';
import {
  auditActionLabels,
  auditActorLine,
  auditChangeLine,
  auditFactLine,
} from '@shared/audit/audit-words';
import { useAuditCharts } from '@web/api/audit/audit-charts';
import { exportAuditUrl } from '@web/api/audit/export-audit';
import { useAuditLog } from '@web/api/audit/list-audit';
import { useUsers } from '@web/api/users/list-users';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { ListCard } from '@web/components/responsive-list';
import { FilterBar } from '@web/components/filter-bar';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Select } from '@web/components/ui/select';
import { errorMessage } from '@web/lib/api-client';
import { formatDate, formatMoment } from '@web/lib/format-date';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useListFilters } from '@web/lib/use-list-filters';
import { EventBarChart } from './event-bar-chart';

type FilterValues = Required<{ [Key in keyof AuditFilters]: string }>;
const noFilters: FilterValues = {
  actorId: '',
  action: '',
  targetType: '',
  targetId: '',
  ip: '',
  from: '',
  to: '',
};

const actionOptions = Object.entries(auditActionLabels)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

const seriesColours: Record<(typeof chartSeries)[number]['key'], string> = {
  signIns: '#047857',
  signInFailures: '#b45309',
  lockouts: '#b91c1c',
  ipBlocks: '#6d28d9',
};

/** Only the filters set, so that the cache key and the URL carry no empty fields. */
function setFilters(values: FilterValues): AuditFilters {
  return Object.fromEntries(
    Object.entries(values)
      .map(([key, value]) => [key, value.trim()])
      .filter(([, value]) => value !== ''),
  ) as AuditFilters;
}

/** The pages an entry's target opens on, where it has one. */
const targetPages: Record<string, (id: string) => string> = {
  customer: (id) => `/customers/${id}`,
  order: (id) => `/orders/${id}`,
};

/** The target in words; a customer or an order opens its page. */
function AuditTarget({ entry }: { entry: AuditEntry }) {
  if (!entry.target) return <span className="text-slate-500">—</span>;
  const page = entry.targetType && entry.targetId ? targetPages[entry.targetType] : undefined;
  if (!page || !entry.targetId) return <span className="wrap-anywhere">{entry.target}</span>;
  return (
    <Link href={page(entry.targetId)} className="text-brand-700 underline wrap-anywhere">
      {entry.target}
    </Link>
  );
}

/** Each changed field before and after, then what else the entry records, in words. */
function Details({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0 && entry.facts.length === 0)
    return <span className="text-slate-500">—</span>;
  return (
    <ul className="grid gap-0.5 wrap-anywhere">
      {entry.changes.map((change) => (
        <li key={`change-${change.field}`}>{auditChangeLine(change)}</li>
      ))}
      {entry.facts.map((fact) => (
        <li key={`fact-${fact.label}`} className="text-slate-600">
          {auditFactLine(fact)}
        </li>
      ))}
    </ul>
  );
}

const columns: DataTableColumn<AuditEntry>[] = [
  {
    id: 'at',
    header: 'Time',
    cell: ({ row }) => formatMoment(row.original.at),
    meta: { className: 'whitespace-nowrap tabular-nums' },
  },
  { id: 'actor', header: 'Actor', cell: ({ row }) => auditActorLine(row.original) },
  { id: 'action', header: 'Action', cell: ({ row }) => row.original.actionLabel },
  {
    id: 'target',
    header: 'Target',
    cell: ({ row }) => <AuditTarget entry={row.original} />,
  },
  {
    id: 'ip',
    header: 'IP address',
    cell: ({ row }) => row.original.ip ?? '—',
    meta: { className: 'font-mono text-sm' },
  },
  {
    id: 'details',
    header: 'Details',
    cell: ({ row }) => <Details entry={row.original} />,
  },
];

/** One entry as a card on a phone: the same facts as a row, stacked. */
function AuditCard({ entry }: { entry: AuditEntry }) {
  return (
    <ListCard>
      <p className="font-medium text-slate-900">{entry.actionLabel}</p>
      <p className="text-sm text-slate-600">
        {formatMoment(entry.at)} · {auditActorLine(entry)}
        {entry.ip ? ` · ${entry.ip}` : ''}
      </p>
      {entry.target && (
        <p className="text-sm text-slate-700">
          <AuditTarget entry={entry} />
        </p>
      )}
      <div className="text-sm text-slate-700">
        <Details entry={entry} />
      </div>
    </ListCard>
  );
}

function SecurityCharts({ filters }: { filters: AuditFilters }) {
  const [interval, setInterval] = useState<ChartInterval>('day');
  const charts = useAuditCharts({ from: filters.from, to: filters.to, interval });
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Security events over time</h2>
          <p className="text-sm text-slate-600">
            {charts.data
              ? `${formatDate(charts.data.from)} to ${formatDate(charts.data.to)}, by the ${charts.data.interval} (London time).`
              : 'The last 30 days unless a date range is set.'}
          </p>
        </div>
        <FormField label="Show by">
          {(field) => (
            <Select
              {...field}
              value={interval}
              onChange={(e) => setInterval(e.target.value as ChartInterval)}
            >
              <option value="day">Day</option>
              <option value="hour">Hour</option>
            </Select>
          )}
        </FormField>
      </CardHeader>
      <CardContent>
        {charts.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(charts.error, 'Could not load the charts')}
          </p>
        ) : !charts.data ? (
          <p className="text-sm text-slate-600">Loading charts…</p>
        ) : (
          <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-4">
            {chartSeries.map((series) => (
              <EventBarChart
                key={series.key}
                title={series.label}
                series={series.key}
                buckets={charts.data.buckets}
                interval={charts.data.interval}
                colour={seriesColours[series.key]}
              />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function AuditEntries({ filters }: { filters: AuditFilters }) {
  const log = useAuditLog(filters);
  if (log.isError && !log.data) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(log.error, 'Could not load the audit log')}
      </p>
    );
  }
  if (!log.data) return <p className="text-sm text-slate-600">Loading the audit log…</p>;
  const entries = log.data.pages.flatMap((page) => page.items);
  return (
    <div className="grid gap-3">
      {log.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(log.error, 'Could not load the audit log')}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">No audit entries match these filters.</p>
      ) : (
        <DataTable
          data={entries}
          columns={columns}
          getRowId={(entry) => entry.id}
          tableLabel="Audit log"
          cards={{ label: 'Audit log', render: (entry) => <AuditCard entry={entry} /> }}
        />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {entries.length === 0
            ? ''
            : `Showing ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}, newest first${
                // While new filters load, the rows are still the old filters': not "all" of anything.
                log.hasNextPage || log.isPlaceholderData ? '' : ' (all of them)'
              }.`}
        </p>
        {log.hasNextPage && (
          <Button
            variant="outline"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        )}
      </div>
    </div>
  );
}

/** /audit, the spec's Security Audit: every change and security event, filtered and charted. */
export default function AuditPage() {
  const { filters: state, field, set } = useListFilters(noFilters);
  const { page: _page, ...values } = state;
  const users = useUsers({ pageSize: 200 });
  const filters = setFilters(useDebouncedValue(values, 300));
  const userOptions = (users.data?.users ?? []).map((user) => ({
    value: user.id,
    label: `${[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email} (${user.email})`,
  }));
  const hasFilters = Object.keys(setFilters(values)).length > 0;
  return (
    <PageLayout>
      <PageHeader
        title="Security Audit"
        description="Every change and security event: who, what, to what, from where and when."
        actions={
          <Button variant="outline" asChild>
            <a href={exportAuditUrl(filters)} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        }
      />
      <Card>
        <CardContent className="grid gap-3 pt-6">
          <FilterBar
            className="sm:grid-cols-2 lg:grid-cols-4"
            filters={[
              {
                kind: 'select',
                label: 'Actor',
                allLabel: 'Anyone',
                options: userOptions,
                ...field('actorId'),
              },
              {
                kind: 'select',
                label: 'Action',
                allLabel: 'Any action',
                options: actionOptions,
                ...field('action'),
              },
              { kind: 'text', label: 'Target type', placeholder: 'user', ...field('targetType') },
              { kind: 'text', label: 'Target ID', ...field('targetId') },
              { kind: 'text', label: 'IP address', placeholder: '203.0.113.9', ...field('ip') },
              { kind: 'text', label: 'From', type: 'date', ...field('from') },
              { kind: 'text', label: 'To', type: 'date', ...field('to') },
            ]}
          >
            {hasFilters && (
              <Button
                variant="ghost"
                className="self-end"
                onClick={() => {
                  for (const key of Object.keys(noFilters) as (keyof FilterValues)[]) set(key)('');
                }}
              >
                Clear filters
              </Button>
            )}
          </FilterBar>
        </CardContent>
      </Card>
      <SecurityCharts filters={filters} />
      <Card>
        <CardContent className="pt-6">
          <AuditEntries filters={filters} />
        </CardContent>
      </Card>
    </PageLayout>
  );
}
