import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type VisibilityState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { ResponsiveList } from './responsive-list';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './ui/table';

declare module '@tanstack/react-table' {
  // Augmenting TanStack's interface takes an interface with its two type parameters.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes of the column's cells. */
    className?: string;
    /** Classes of the column's heading. */
    headClassName?: string;
  }
}

/** A list sorted by the server: which field each sortable column sorts by, and the current one. */
export type DataTableSorting<Field extends string> = {
  fieldOf: Partial<Record<string, Field>>;
  sort: Field;
  direction: 'asc' | 'desc';
  onSort: (sort: Field, direction: 'asc' | 'desc') => void;
};

/** A column of a DataTable; cells and headings may be any TanStack Table column definition. */
// A table mixes columns whose values are of different types, as TanStack's own examples do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataTableColumn<Row> = ColumnDef<Row, any>;

/** A heading only a screen reader reads (an actions column). */
export const hiddenHeading = (text: string) => () => <span className="sr-only">{text}</span>;

function SortButton<Field extends string>({
  label,
  field,
  sorting,
}: {
  label: ReactNode;
  field: Field;
  sorting: DataTableSorting<Field>;
}) {
  const active = field === sorting.sort;
  const { direction } = sorting;
  return (
    <button
      type="button"
      className="inline-flex min-h-6 items-center gap-1 uppercase hover:text-slate-900"
      onClick={() => sorting.onSort(field, active && direction === 'desc' ? 'asc' : 'desc')}
    >
      {label}
      {active ? (
        direction === 'asc' ? (
          <ArrowUp aria-hidden="true" className="size-3.5" />
        ) : (
          <ArrowDown aria-hidden="true" className="size-3.5" />
        )
      ) : (
        <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-40" />
      )}
      <span className="sr-only">
        {active ? `, sorted ${direction === 'asc' ? 'ascending' : 'descending'}` : ', sort'}
      </span>
    </button>
  );
}

/**
 * The one list table (TanStack Table over the ui/table parts). With `cards`, decision 024's
 * phone layout: a card per row below `md`, the table from `md` up (ResponsiveList).
 */
export function DataTable<Row, Field extends string = string>({
  data,
  columns,
  getRowId,
  tableLabel,
  tableClassName,
  cards,
  sorting,
  columnVisibility,
}: {
  data: Row[];
  columns: DataTableColumn<Row>[];
  getRowId: (row: Row) => string;
  /** The table's accessible name, where it has one. */
  tableLabel?: string;
  /** Classes of the table itself (e.g. `table-fixed` for set column widths). */
  tableClassName?: string;
  /** The phone layout: the list's accessible name and a ListCard per row. */
  cards?: { label: string; render: (row: Row) => ReactNode };
  /** Server-side sorting: the sortable columns' headings become buttons. */
  sorting?: DataTableSorting<Field>;
  columnVisibility?: VisibilityState;
}) {
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table is not memoizable; React Compiler skips this component, which is fine.
  const table = useReactTable({
    data,
    columns,
    state: columnVisibility ? { columnVisibility } : {},
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    getRowId,
  });

  const tableView = (
    <Table aria-label={tableLabel} className={tableClassName}>
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id}>
            {group.headers.map((header) => {
              const field = sorting?.fieldOf[header.column.id];
              const active = field !== undefined && field === sorting?.sort;
              const label = flexRender(header.column.columnDef.header, header.getContext());
              return (
                <TableHead
                  key={header.id}
                  className={header.column.columnDef.meta?.headClassName}
                  aria-sort={
                    active ? (sorting?.direction === 'asc' ? 'ascending' : 'descending') : undefined
                  }
                >
                  {field && sorting ? (
                    <SortButton label={label} field={field} sorting={sorting} />
                  ) : (
                    label
                  )}
                </TableHead>
              );
            })}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody>
        {table.getRowModel().rows.map((row) => (
          <TableRow key={row.id}>
            {row.getVisibleCells().map((cell) => (
              <TableCell key={cell.id} className={cell.column.columnDef.meta?.className}>
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );

  if (!cards) return tableView;
  return (
    <ResponsiveList
      label={cards.label}
      cards={data.map((row) => (
        <Fragment key={getRowId(row)}>{cards.render(row)}</Fragment>
      ))}
      table={tableView}
    />
  );
}
