import { Users } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'wouter';
import {
  customerValidationStatuses,
  type CustomerValidationStatus,
} from '@shared/orders/order-status';
import type { CustomerListItem } from '@shared/customers/customers.contracts';
import { Button } from '@web/components/ui/button';
import { Pagination } from '@web/components/ui/pagination';
import { EmptyState } from '@web/components/ui/empty-state';
import { FilterBar, SearchBar, SelectFilter, optionsOf } from '@web/components/filter-bar';
import { useSearchParamState } from '@web/lib/use-search-param-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { errorMessage } from '@web/lib/api-client';
import { useCustomers } from '@web/api/customers/list-customers';
import { StatusBadge } from '@web/components/status-badge';
import { statusLabels } from '@shared/status-words';
import { PageLayout } from '@web/components/page-layout';
import { cursorStep } from '@web/lib/cursor-paging';
import { totalWords } from '@shared/schema/paging.contracts';
import { EmailText, ListCard } from '@web/components/responsive-list';

const pageSize = 25;

function parse(search: string) {
  const params = new URLSearchParams(search);
  const status = params.get('validationStatus') ?? '';
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    validationStatus: (customerValidationStatuses as readonly string[]).includes(status)
      ? (status as CustomerValidationStatus)
      : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    cursor: (params.get('cursor') ?? '').slice(0, 1000),
  };
}

function serialize(state: ReturnType<typeof parse>) {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.validationStatus) params.set('validationStatus', state.validationStatus);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.cursor) params.set('cursor', state.cursor);
  return params.toString();
}

function CustomerLink({ customer }: { customer: CustomerListItem }) {
  return (
    <Link href={`/customers/${customer.id}`} className="font-medium text-brand-700 hover:underline">
      {customer.firstName} {customer.lastName}
    </Link>
  );
}

const columns: DataTableColumn<CustomerListItem>[] = [
  {
    id: 'customer',
    header: 'Customer',
    cell: ({ row: { original: c } }) => (
      <>
        <CustomerLink customer={c} />
        <div className="text-xs text-slate-500">{c.reference}</div>
      </>
    ),
  },
  {
    id: 'contact',
    header: 'Contact',
    cell: ({ row: { original: c } }) => (
      <>
        {c.email ? <EmailText email={c.email} className="max-w-64 text-sm" /> : <div>—</div>}
        <div className="text-xs text-slate-500">{c.phone ?? ''}</div>
      </>
    ),
  },
  {
    id: 'address',
    header: 'Address',
    cell: ({ row: { original: c } }) => (
      <>
        {c.address.line1}, {c.address.town} {c.address.postcode}
      </>
    ),
  },
  {
    id: 'validation',
    header: 'Validation',
    cell: ({ row: { original: c } }) => <StatusBadge kind="customer" status={c.validationStatus} />,
  },
  {
    id: 'orders',
    header: 'Orders',
    cell: ({ row: { original: c } }) => c.orderCount,
    meta: { className: 'text-right', headClassName: 'text-right' },
  },
];

/** /customers (back office): search and filter customers; search and page kept in the URL. */
export default function CustomersPage() {
  const [state, update] = useSearchParamState(parse, serialize);
  const handleSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);

  const customers = useCustomers({
    q: state.q || undefined,
    validationStatus: state.validationStatus ? [state.validationStatus] : undefined,
    page: state.page,
    cursor: state.cursor || undefined,
    pageSize,
  });
  const total = customers.data?.total ?? 0;

  return (
    <PageLayout>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Customers</h1>
        <p className="mt-1 text-sm text-slate-600">
          Check customers’ details and addresses; validate or reject them.
        </p>
      </div>
      <FilterBar className="sm:grid-cols-[1fr_14rem]">
        <SearchBar
          id="customer-search"
          label="Search customers"
          hideLabel
          placeholder="Name, reference, email, phone or postcode"
          value={state.q}
          onSearch={handleSearch}
        />
        <SelectFilter
          id="customer-validation"
          label="Validation"
          hideLabel
          allLabel="Any validation"
          options={optionsOf(customerValidationStatuses, statusLabels.customer)}
          value={state.validationStatus}
          onChange={(validationStatus) => update({ validationStatus })}
        />
      </FilterBar>

      {customers.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Loading customers">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      ) : customers.isError ? (
        <EmptyState
          title="The customers could not be loaded"
          action={<Button onClick={() => void customers.refetch()}>Try again</Button>}
        >
          {errorMessage(customers.error, customers.error.message)}
        </EmptyState>
      ) : customers.data.items.length === 0 ? (
        <EmptyState icon={Users} title="No customers found">
          {state.q || state.validationStatus
            ? 'No customer matches this search. Change or clear it.'
            : 'Customers appear here when orders are created.'}
        </EmptyState>
      ) : (
        <>
          <DataTable
            data={customers.data.items}
            columns={columns}
            getRowId={(c) => c.id}
            cards={{
              label: 'Customers',
              render: (c) => (
                <ListCard className="block">
                  <div className="flex items-start justify-between gap-2">
                    <CustomerLink customer={c} />
                    <StatusBadge kind="customer" status={c.validationStatus} />
                  </div>
                  <p className="text-sm text-slate-600">
                    {c.reference} · {c.address.postcode} · {c.orderCount} orders
                  </p>
                </ListCard>
              ),
            }}
          />
          <Pagination
            label="Customer list pages"
            page={state.page}
            pageSize={pageSize}
            total={total}
            totalIsEstimate={customers.data?.totalIsEstimate}
            totalIsLowerBound={customers.data?.totalIsLowerBound}
            hasNext={!!customers.data?.nextCursor}
            hasPrevious={!!customers.data?.prevCursor}
            onPageChange={(page) =>
              update(
                cursorStep(page, state.page, {
                  nextCursor: customers.data?.nextCursor ?? null,
                  prevCursor: customers.data?.prevCursor ?? null,
                }),
              )
            }
            summary={totalWords(
              total,
              customers.data?.totalIsEstimate ?? false,
              { one: 'customer', many: 'customers' },
              customers.data?.totalIsLowerBound,
            )}
          />
        </>
      )}
    </PageLayout>
  );
}
