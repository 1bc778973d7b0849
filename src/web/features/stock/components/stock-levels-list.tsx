import { Boxes } from 'lucide-react';
import { useId } from 'react';
import { stockCategories, type StockCategory } from '@shared/stock/stock.contracts';
import { levelsCsvUrl } from '@web/api/stock/exports';
import { useStockLevels, type StockLevel } from '@web/api/stock/levels';
import { useStockLocationOptions } from '@web/api/stock/location-options';
import { useStockProductOptions } from '@web/api/stock/product-options';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { FilterBar, optionsOf } from '@web/components/filter-bar';
import { ListCard } from '@web/components/responsive-list';
import { StatusBadge } from '@web/components/status-badge';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { useListFilters } from '@web/lib/use-list-filters';
import { categoryLabels, locationOptions, productOptions } from '../lib/stock-management-labels';
import { CsvDownload, PagedResults } from './paged-results';

function LowBadge({ level }: { level: StockLevel }) {
  return level.low ? <StatusBadge tone="danger">Low</StatusBadge> : null;
}

const columns: DataTableColumn<StockLevel>[] = [
  {
    id: 'sku',
    header: 'SKU',
    cell: ({ row }) => row.original.sku,
    meta: { className: 'font-mono text-sm' },
  },
  { id: 'name', header: 'Name', cell: ({ row }) => row.original.productName },
  { id: 'category', header: 'Category', cell: ({ row }) => categoryLabels[row.original.category] },
  { id: 'location', header: 'Location', cell: ({ row }) => row.original.location },
  {
    id: 'quantity',
    header: 'Quantity',
    cell: ({ row }) => row.original.quantity,
    meta: { className: 'text-right tabular-nums', headClassName: 'text-right' },
  },
  {
    id: 'lowLevel',
    header: 'Low-stock level',
    cell: ({ row }) => row.original.lowLevel ?? '—',
    meta: { className: 'text-right tabular-nums', headClassName: 'text-right' },
  },
  { id: 'low', header: 'Status', cell: ({ row }) => <LowBadge level={row.original} /> },
];

/**
 * Levels by product and location, filtered by product, category, location and below the
 * low-stock level, with the filtered list as CSV. A contractor's lists only its own places.
 */
export function StockLevelsList() {
  const lowId = useId();
  const { filters, field, set } = useListFilters({
    productId: '',
    category: '' as StockCategory | '',
    locationId: '',
    low: false,
  });
  const locations = useStockLocationOptions();
  const products = useStockProductOptions();
  const query = {
    productId: filters.productId || undefined,
    category: filters.category || undefined,
    locationId: filters.locationId || undefined,
    low: filters.low || undefined,
  };
  const levels = useStockLevels(query);
  const items = levels.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="grid min-w-0 gap-3">
      <FilterBar
        className="grid-cols-1 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto] lg:items-end"
        filters={[
          {
            kind: 'select',
            label: 'Product',
            allLabel: 'All products',
            options: productOptions(products.data?.items),
            selectClassName: 'w-full truncate',
            ...field('productId'),
          },
          {
            kind: 'select',
            label: 'Category',
            allLabel: 'All categories',
            options: optionsOf(stockCategories, categoryLabels),
            ...field('category'),
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
      >
        <div className="flex min-h-10 items-center gap-2">
          <Checkbox
            id={lowId}
            checked={filters.low}
            onCheckedChange={(checked) => set('low')(checked === true)}
          />
          <Label htmlFor={lowId}>Below low-stock level</Label>
        </div>
      </FilterBar>
      <CsvDownload href={levelsCsvUrl(query)}>Download levels CSV</CsvDownload>
      <PagedResults
        query={levels}
        count={items.length}
        loadError="The levels could not be loaded."
        empty={{ icon: Boxes, title: 'No stock here', text: 'No level matches these filters.' }}
      >
        <DataTable
          data={items}
          columns={columns}
          getRowId={(level) => `${level.productId}/${level.locationId}`}
          tableLabel="Stock levels"
          cards={{
            label: 'Stock levels',
            render: (level) => (
              <ListCard>
                <div className="flex items-start justify-between gap-2">
                  <span className="min-w-0 font-medium break-words">
                    <span className="font-mono text-sm">{level.sku}</span> · {level.productName}
                  </span>
                  <LowBadge level={level} />
                </div>
                <span className="text-sm text-slate-700">{level.location}</span>
                <span className="text-sm">
                  Quantity <strong>{level.quantity}</strong>
                  {level.lowLevel !== null && ` · low-stock level ${level.lowLevel}`}
                </span>
              </ListCard>
            ),
          }}
        />
      </PagedResults>
    </div>
  );
}
