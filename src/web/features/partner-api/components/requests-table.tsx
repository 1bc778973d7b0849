import type { ApiRequestLogItem } from '@shared/partner-api/partner-api.contracts';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { ListCard } from '@web/components/responsive-list';
import { StatusBadge } from '@web/components/status-badge';
import { statusTone } from './format';
import { formatMoment } from '@web/lib/format-date';

/** "37 requests" for a row that stands for an address's keyless minute (issue 18). */
function repeats(item: ApiRequestLogItem) {
  return item.count > 1 ? `${item.count} requests` : null;
}

const columns: DataTableColumn<ApiRequestLogItem>[] = [
  {
    id: 'time',
    header: 'Time',
    cell: ({ row }) => formatMoment(row.original.at),
    meta: { className: 'whitespace-nowrap' },
  },
  { id: 'partner', header: 'Partner', cell: ({ row }) => row.original.partner?.name ?? '—' },
  {
    id: 'key',
    header: 'Key',
    cell: ({ row }) => row.original.keyPrefix ?? '—',
    meta: { className: 'font-mono text-xs' },
  },
  {
    id: 'method',
    header: 'Method',
    cell: ({ row }) => row.original.method,
    meta: { className: 'font-mono text-xs' },
  },
  {
    id: 'path',
    header: 'Path',
    cell: ({ row }) => row.original.path,
    meta: { className: 'font-mono text-xs break-all' },
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: item } }) => (
      <>
        <StatusBadge tone={statusTone(item.status)}>{item.status}</StatusBadge>
        {item.errorCode && (
          <span className="ml-2 font-mono text-xs text-slate-600">{item.errorCode}</span>
        )}
        {repeats(item) && (
          <span className="ml-2 text-xs whitespace-nowrap text-slate-600">{repeats(item)}</span>
        )}
      </>
    ),
  },
  {
    id: 'duration',
    header: 'Duration',
    cell: ({ row }) => `${row.original.durationMs} ms`,
    meta: { className: 'whitespace-nowrap' },
  },
  {
    id: 'address',
    header: 'Address',
    cell: ({ row }) => row.original.ip,
    meta: { className: 'font-mono text-xs' },
  },
];

/** Partner API requests: time, partner, key prefix, method, path, status, duration, address. */
export function RequestsTable({ items, label }: { items: ApiRequestLogItem[]; label: string }) {
  return (
    <DataTable
      data={items}
      columns={columns}
      getRowId={(item) => item.id}
      tableLabel={label}
      cards={{
        label,
        render: (item) => (
          <ListCard>
            <div className="flex items-center justify-between gap-2">
              <span className="font-mono text-sm break-all">
                {item.method} {item.path}
              </span>
              <StatusBadge tone={statusTone(item.status)}>{item.status}</StatusBadge>
            </div>
            <p className="text-sm text-slate-700">
              {item.partner?.name ?? 'No partner'} · {item.keyPrefix ?? 'no key'}
              {repeats(item) && ` · ${repeats(item)}`}
            </p>
            <p className="text-xs text-slate-600">
              {formatMoment(item.at)} · {item.durationMs} ms · {item.ip}
            </p>
          </ListCard>
        ),
      }}
    />
  );
}
