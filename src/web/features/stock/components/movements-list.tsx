import { History } from 'lucide-react';
import {
  movementKindLabels,
  movementKinds,
  type Movement,
  type MovementKind,
} from '@shared/stock/stock.contracts';
import { movementsCsvUrl } from '@web/api/stock/exports';
import { useStockLocationOptions } from '@web/api/stock/location-options';
import { useStockMovements } from '@web/api/stock/movements';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { FilterBar, optionsOf } from '@web/components/filter-bar';
import { ListCard } from '@web/components/responsive-list';
import { formatDateTime } from '@web/lib/format-date';
import { useListFilters } from '@web/lib/use-list-filters';
import { locationOptions } from '../lib/stock-management-labels';
import { CsvDownload, PagedResults } from './paged-results';

const dateShape = /^\d{4}-\d{2}-\d{2}$/;
const where = (m: Movement) => `${m.from ?? '—'} → ${m.to ?? '—'}`;

const columns: DataTableColumn<Movement>[] = [
  {
    id: 'at',
    header: 'Date',
    cell: ({ row }) => formatDateTime(row.original.at),
    meta: { className: 'whitespace-nowrap' },
  },
  { id: 'kind', header: 'Movement', cell: ({ row }) => movementKindLabels[row.original.kind] },
  {
    id: 'sku',
    header: 'SKU',
    cell: ({ row }) => row.original.sku,
    meta: { className: 'font-mono text-sm' },
  },
  { id: 'serial', header: 'Serial', cell: ({ row }) => row.original.serial ?? '—' },
  {
    id: 'quantity',
    header: 'Quantity',
    cell: ({ row }) => row.original.quantity,
    meta: { className: 'text-right tabular-nums', headClassName: 'text-right' },
  },
  { id: 'where', header: 'From → to', cell: ({ row }) => where(row.original) },
  {
    id: 'reason',
    header: 'Reason',
    cell: ({ row }) => row.original.reason ?? row.original.supplier ?? '—',
  },
  { id: 'by', header: 'By', cell: ({ row }) => row.original.by },
];

/** The ledger by period (from and to dates), kind and location, newest first, with its CSV. */
export function MovementsList() {
  const { filters, field } = useListFilters({
    from: '',
    to: '',
    kind: '' as MovementKind | '',
    locationId: '',
  });
  const locations = useStockLocationOptions();
  // A date half typed is left out until it is a whole date.
  const query = {
    from: dateShape.test(filters.from) ? filters.from : undefined,
    to: dateShape.test(filters.to) ? filters.to : undefined,
    kind: filters.kind || undefined,
    locationId: filters.locationId || undefined,
  };
  const movements = useStockMovements(query);
  const items = movements.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="grid min-w-0 gap-3">
      <FilterBar
        className="grid-cols-1 sm:grid-cols-2 lg:grid-cols-4"
        filters={[
          { kind: 'text', type: 'date', label: 'From', ...field('from') },
          { kind: 'text', type: 'date', label: 'To', ...field('to') },
          {
            kind: 'select',
            label: 'Movement',
            allLabel: 'All movements',
            options: optionsOf(movementKinds, movementKindLabels),
            ...field('kind'),
          },
          {
            kind: 'select',
            label: 'Location',
            allLabel: 'All locations',
            options: locationOptions(locations.data?.items),
            selectClassName: 'w-full truncate',
            ...field('locationId'),
          },
        ]}
      />
      <CsvDownload href={movementsCsvUrl(query)}>Download movements CSV</CsvDownload>
      <PagedResults
        query={movements}
        count={items.length}
        loadError="The movements could not be loaded."
        empty={{ icon: History, title: 'No movements', text: 'Nothing moved in this period.' }}
      >
        <DataTable
          data={items}
          columns={columns}
          getRowId={(m) => m.id}
          tableLabel="Stock movements"
          cards={{
            label: 'Stock movements',
            render: (m) => (
              <ListCard>
                <div className="flex items-start justify-between gap-2">
                  <span className="font-medium">{movementKindLabels[m.kind]}</span>
                  <span className="text-xs text-slate-600">{formatDateTime(m.at)}</span>
                </div>
                <span className="text-sm break-words">
                  <span className="font-mono">{m.sku}</span> × {m.quantity}
                  {m.serial && ` · ${m.serial}`}
                </span>
                <span className="text-sm break-words text-slate-700">{where(m)}</span>
                <span className="text-xs text-slate-600">
                  {m.reason ? `${m.reason} · ` : ''}by {m.by}
                </span>
              </ListCard>
            ),
          }}
        />
      </PagedResults>
    </div>
  );
}
