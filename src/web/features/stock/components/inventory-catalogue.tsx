import { useState } from 'react';
import { stockLabels, type Product } from '@shared/stock/stock.contracts';
import { useProducts } from '@web/api/stock/products';
import { DataTable, hiddenHeading, type DataTableColumn } from '@web/components/data-table';
import { ListCard } from '@web/components/responsive-list';
import { StatusBadge } from '@web/components/status-badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { formatPence } from '@web/lib/money';
import { categoryLabels } from './inventory-format';
import { InventoryLowLevelsDialog } from './inventory-low-levels-dialog';
import { InventoryProductDialog } from './inventory-product-dialog';

type Open = { kind: 'product'; product: Product | null } | { kind: 'levels'; product: Product };

function ProductActions({ product, onOpen }: { product: Product; onOpen: (open: Open) => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        aria-label={`Edit ${product.sku}`}
        onClick={() => onOpen({ kind: 'product', product })}
      >
        Edit
      </Button>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Low-stock levels of ${product.sku}`}
        onClick={() => onOpen({ kind: 'levels', product })}
      >
        Low-stock levels
      </Button>
    </div>
  );
}

function Name({ product }: { product: Product }) {
  return (
    <>
      {product.name}
      {!product.active && (
        <StatusBadge kind="active" status="inactive" className="ml-2">
          Inactive
        </StatusBadge>
      )}
    </>
  );
}

const columnsFor = (onOpen: (open: Open) => void): DataTableColumn<Product>[] => [
  {
    id: 'sku',
    header: stockLabels.sku,
    cell: ({ row }) => row.original.sku,
    meta: { className: 'font-mono text-sm whitespace-nowrap' },
  },
  { id: 'name', header: stockLabels.name, cell: ({ row }) => <Name product={row.original} /> },
  {
    id: 'category',
    header: stockLabels.category,
    cell: ({ row }) => categoryLabels[row.original.category],
  },
  {
    id: 'tracked',
    header: stockLabels.trackedBySerial,
    cell: ({ row }) => (row.original.trackedBySerial ? 'Yes' : 'No'),
  },
  {
    id: 'cost',
    header: stockLabels.unitCost,
    cell: ({ row }) => formatPence(row.original.unitCostPence),
    meta: { className: 'whitespace-nowrap tabular-nums' },
  },
  {
    id: 'actions',
    header: hiddenHeading('Actions'),
    cell: ({ row }) => <ProductActions product={row.original} onOpen={onOpen} />,
  },
];

/** The catalogue: every product, added and edited here, with its low-stock levels. */
export function InventoryCatalogue() {
  const products = useProducts();
  const [open, setOpen] = useState<Open | null>(null);
  const items = products.data?.items ?? [];
  const close = () => setOpen(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <h2 className="text-base leading-tight font-semibold">Catalogue</h2>
        <Button onClick={() => setOpen({ kind: 'product', product: null })}>Add product</Button>
      </CardHeader>
      <CardContent>
        {products.isPending ? (
          <p className="text-sm text-slate-600">Loading…</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600">No products yet. Add the first one.</p>
        ) : (
          <DataTable
            data={items}
            columns={columnsFor(setOpen)}
            getRowId={(product) => product.id}
            tableLabel="Catalogue"
            cards={{
              label: 'Catalogue',
              render: (product) => (
                <ListCard>
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-mono text-sm">{product.sku}</span>
                    <span className="text-sm tabular-nums">
                      {formatPence(product.unitCostPence)}
                    </span>
                  </div>
                  <p className="text-sm font-medium">
                    <Name product={product} />
                  </p>
                  <p className="text-xs text-slate-600">
                    {categoryLabels[product.category]} ·{' '}
                    {product.trackedBySerial ? 'Tracked by serial' : 'Counted'}
                  </p>
                  <ProductActions product={product} onOpen={setOpen} />
                </ListCard>
              ),
            }}
          />
        )}
      </CardContent>
      {open?.kind === 'product' && (
        // Mounted per opening, so each starts from the product (or blank), not the last typing.
        <InventoryProductDialog
          product={open.product}
          open
          onOpenChange={(isOpen) => !isOpen && close()}
        />
      )}
      {open?.kind === 'levels' && (
        <InventoryLowLevelsDialog
          product={open.product}
          onOpenChange={(isOpen) => !isOpen && close()}
        />
      )}
    </Card>
  );
}
