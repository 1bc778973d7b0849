import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { OrderListItem, OrderSortField } from '@shared/orders/orders.contracts';
import { DataTable } from '@web/components/data-table';
import { ListCard } from '@web/components/responsive-list';
import { cn } from '@web/lib/cn';
import { formatDate } from '@web/lib/format-date';
import { useOrdersArea } from '../lib/orders-area';
import { StatusBadge } from '@web/components/status-badge';
import { SlaBadge } from './sla-badge';

const column = createColumnHelper<OrderListItem>();

function OrderLink({ id, ...props }: { id: string; className?: string; children: ReactNode }) {
  const { basePath } = useOrdersArea();
  return <Link href={`${basePath}/${id}`} {...props} />;
}

/** Which sort field each sortable column uses. */
const sortFieldOf: Partial<Record<string, OrderSortField>> = {
  orderNumber: 'orderNumber',
  status: 'status',
  slaState: 'slaDueAt',
  requestedDate: 'requestedDate',
  receivedAt: 'receivedAt',
};

/** One line of text cut to its cell, the whole of it in the tooltip (issue 24: rows one line). */
function OneLine({
  text,
  title,
  children,
}: {
  text?: string;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div className="truncate" title={title ?? text}>
      {children ?? text}
    </div>
  );
}

/**
 * Fixed column widths: each row is one line at 1280 px (issue 24), the customer takes what is
 * left, and text too long for its cell is cut with the whole of it in the tooltip.
 */
const widthOf: Record<string, string> = {
  orderNumber: 'w-[11.5rem]',
  partner: 'w-[10rem]',
  status: 'w-[9rem]',
  kitStatus: 'w-[9rem]',
  slaState: 'w-[7.5rem]',
  contractor: 'w-[7.5rem]',
  requestedDate: 'w-[6.75rem]',
  receivedAt: 'w-[6.75rem]',
};

const columnsWithoutWidths = [
  column.accessor('orderNumber', {
    header: 'Order',
    cell: (info) => (
      <OrderLink
        id={info.row.original.id}
        className="font-medium whitespace-nowrap text-brand-700 hover:underline"
      >
        {info.getValue()}
      </OrderLink>
    ),
  }),
  column.accessor((row) => row.customer.name, {
    id: 'customer',
    header: 'Customer',
    cell: (info) => {
      const { postcode, town } = info.row.original.customer;
      return (
        <OneLine title={`${info.getValue()} · ${postcode} · ${town}`}>
          {info.getValue()} <span className="text-xs text-slate-500">· {postcode}</span>
        </OneLine>
      );
    },
  }),
  // The partner, its reference and the job type share a column so the row fits 1280 px.
  column.accessor((row) => row.partner.name, {
    id: 'partner',
    header: 'Partner · job',
    cell: (info) => {
      const { partnerReference, jobType } = info.row.original;
      const partner = partnerReference
        ? `${info.getValue()} (${partnerReference})`
        : info.getValue();
      return (
        <OneLine title={`${partner} · ${jobType.name}`}>
          {info.getValue()} <span className="text-xs text-slate-500">· {jobType.name}</span>
        </OneLine>
      );
    },
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => <StatusBadge kind="order" status={info.getValue()} />,
  }),
  column.accessor('kitStatus', {
    header: 'Kit',
    cell: (info) => <StatusBadge kind="kit" status={info.getValue()} />,
  }),
  column.accessor('slaState', {
    header: 'SLA',
    cell: (info) => (
      <span title={`Due ${formatDate(info.row.original.slaDueAt)}`}>
        <SlaBadge slaState={info.getValue()} status={info.row.original.status} />
      </span>
    ),
  }),
  column.accessor((row) => row.contractor?.name ?? '', {
    id: 'contractor',
    header: 'Contractor',
    cell: (info) =>
      info.getValue() ? (
        info.row.original.assignmentState === 'offered' ? (
          <OneLine title={`${info.getValue()}, awaiting acceptance`}>
            <span className="text-amber-700">Offered: </span>
            {info.getValue()}
          </OneLine>
        ) : (
          <OneLine text={info.getValue()} />
        )
      ) : (
        <span className="text-slate-400">—</span>
      ),
  }),
  column.accessor('requestedDate', {
    header: 'Requested',
    cell: (info) => <span className="whitespace-nowrap">{formatDate(info.getValue())}</span>,
  }),
  column.accessor('receivedAt', {
    header: 'Received',
    cell: (info) => <span className="whitespace-nowrap">{formatDate(info.getValue())}</span>,
  }),
];

const columns = columnsWithoutWidths.map((definition) => {
  const id = definition.id ?? ('accessorKey' in definition ? String(definition.accessorKey) : '');
  return {
    ...definition,
    meta: { className: 'px-2', headClassName: cn('px-2', widthOf[id]) },
  };
});

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
  return (
    <DataTable
      data={items}
      columns={columns}
      getRowId={(order) => order.id}
      tableClassName="table-fixed"
      // A contractor's list is its own company's: its name on every row says nothing.
      columnVisibility={{ contractor: backOffice }}
      sorting={{ fieldOf: sortFieldOf, sort, direction, onSort }}
      cards={{
        label: 'Orders',
        render: (order) => (
          <ListCard className="block">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <OrderLink
                id={order.id}
                className="font-medium whitespace-nowrap text-brand-700 hover:underline"
              >
                {order.orderNumber}
              </OrderLink>
              <StatusBadge kind="order" status={order.status} />
            </div>
            <p className="mt-1 text-sm text-slate-800">
              {order.customer.name} · {order.customer.postcode}
            </p>
            <p className="text-xs text-slate-500">
              {order.partner.name} · {order.jobType.name}
              {backOffice && order.contractor ? ` · ${order.contractor.name}` : ''}
            </p>
            <div className="mt-2 flex flex-wrap gap-1.5">
              <StatusBadge kind="kit" status={order.kitStatus} />
              <SlaBadge slaState={order.slaState} status={order.status} />
            </div>
          </ListCard>
        ),
      }}
    />
  );
}
