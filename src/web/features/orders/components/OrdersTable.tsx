import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { OrderListItem, OrderSortField } from '@shared/orders/orders.contracts';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { formatDate } from '../lib/format';
import { useOrdersArea } from '../lib/orders-area';
import { KitStatusBadge, OrderStatusBadge, SlaBadge } from './StatusBadges';

const column = createColumnHelper<OrderListItem>();

function OrderLink({ id, ...props }: { id: string; className?: string; children: ReactNode }) {
  const { basePath } = useOrdersArea();
  return <Link href={`${basePath}/${id}`} {...props} />;
}

/** Which sort field each sortable column uses. */
const sortFieldOf: Record<string, OrderSortField> = {
  orderNumber: 'orderNumber',
  status: 'status',
  slaState: 'slaDueAt',
  requestedDate: 'requestedDate',
  receivedAt: 'receivedAt',
};

const columns = [
  column.accessor('orderNumber', {
    header: 'Order',
    cell: (info) => (
      <div className="grid">
        <OrderLink
          id={info.row.original.id}
          className="font-medium whitespace-nowrap text-brand-700 hover:underline"
        >
          {info.getValue()}
        </OrderLink>
        {info.row.original.partnerReference && (
          <span className="text-xs text-slate-500">{info.row.original.partnerReference}</span>
        )}
      </div>
    ),
  }),
  column.accessor((row) => row.customer.name, {
    id: 'customer',
    header: 'Customer',
    cell: (info) => (
      <div className="grid">
        <span>{info.getValue()}</span>
        <span className="text-xs text-slate-500">
          {info.row.original.customer.postcode} · {info.row.original.customer.town}
        </span>
      </div>
    ),
  }),
  column.accessor((row) => row.partner.name, { id: 'partner', header: 'Partner' }),
  column.accessor((row) => row.jobType.name, { id: 'jobType', header: 'Job type' }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => <OrderStatusBadge status={info.getValue()} />,
  }),
  column.accessor('kitStatus', {
    header: 'Kit',
    cell: (info) => <KitStatusBadge kitStatus={info.getValue()} />,
  }),
  column.accessor('slaState', {
    header: 'SLA',
    cell: (info) => (
      <div className="grid gap-0.5">
        <SlaBadge slaState={info.getValue()} />
        <span className="text-xs text-slate-500">due {formatDate(info.row.original.slaDueAt)}</span>
      </div>
    ),
  }),
  column.accessor((row) => row.contractor?.name ?? '', {
    id: 'contractor',
    header: 'Contractor',
    cell: (info) =>
      info.getValue() ? (
        <div className="grid">
          <span>{info.getValue()}</span>
          {info.row.original.assignmentState === 'offered' && (
            <span className="text-xs text-amber-700">awaiting acceptance</span>
          )}
        </div>
      ) : (
        <span className="text-slate-400">—</span>
      ),
  }),
  column.accessor('requestedDate', {
    header: 'Requested',
    cell: (info) => formatDate(info.getValue()),
  }),
  column.accessor('receivedAt', {
    header: 'Received',
    cell: (info) => formatDate(info.getValue()),
  }),
];

export function OrdersTable({
  items,
  sort,
  direction,
  onSort,
}: {
  items: OrderListItem[];
  sort: OrderSortField;
  direction: 'asc' | 'desc';
  onSort: (sort: OrderSortField, direction: 'asc' | 'desc') => void;
}) {
  const { backOffice } = useOrdersArea();
  const table = useReactTable({
    data: items,
    columns,
    // A contractor's list is its own company's: its name on every row says nothing.
    state: { columnVisibility: { contractor: backOffice } },
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    getRowId: (row) => row.id,
  });

  return (
    <>
      {/* Phones: one card per order. */}
      <ul className="grid gap-2 md:hidden" aria-label="Orders">
        {items.map((order) => (
          <li key={order.id} className="rounded-lg border border-slate-200 bg-white p-3">
            <div className="flex items-start justify-between gap-2">
              <OrderLink
                id={order.id}
                className="font-medium whitespace-nowrap text-brand-700 hover:underline"
              >
                {order.orderNumber}
              </OrderLink>
              <OrderStatusBadge status={order.status} />
            </div>
            <p className="mt-1 text-sm text-slate-800">
              {order.customer.name} · {order.customer.postcode}
            </p>
            <p className="text-xs text-slate-500">
              {order.partner.name} · {order.jobType.name}
              {backOffice && order.contractor ? ` · ${order.contractor.name}` : ''}
            </p>
            <div className="mt-2 flex flex-wrap gap-1.5">
              <KitStatusBadge kitStatus={order.kitStatus} />
              <SlaBadge slaState={order.slaState} />
            </div>
          </li>
        ))}
      </ul>

      <div className="hidden md:block">
        <Table>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => {
                  const field = sortFieldOf[header.column.id];
                  const active = field !== undefined && field === sort;
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <TableHead
                      key={header.id}
                      aria-sort={
                        active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined
                      }
                    >
                      {field ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                          onClick={() =>
                            onSort(field, active && direction === 'desc' ? 'asc' : 'desc')
                          }
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
                            {active
                              ? `, sorted ${direction === 'asc' ? 'ascending' : 'descending'}`
                              : ', sort'}
                          </span>
                        </button>
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
                  <TableCell key={cell.id}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}
