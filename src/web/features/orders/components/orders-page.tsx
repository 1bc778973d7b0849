import { CalendarDays, Download, PackageSearch, Plus } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Pagination } from '@web/components/ui/pagination';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { exportOrdersUrl } from '@web/api/orders/export-orders';
import { useOrders } from '@web/api/orders/list-orders';
import { activeFilterCount, pageSizes, toApiQuery } from '../lib/list-search-params';
import { cursorStep } from '@web/lib/cursor-paging';
import { useListState } from '../lib/use-list-state';
import { useOrdersArea } from '../lib/orders-area';
import { OrderFilters } from './order-filters';
import { SearchBar } from '@web/components/filter-bar';
import { OrdersTable } from './orders-table';
import { PageLayout } from '@web/components/page-layout';

/**
 * /orders (back office) and /contractor/orders (a contractor's own, decision 032): the
 * server-paginated, filtered, searchable list; state in the URL.
 */
export default function OrdersPage() {
  const { backOffice } = useOrdersArea();
  const [state, update] = useListState();
  const query = toApiQuery(state);
  const orders = useOrders(query);
  const handleSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const filtered = activeFilterCount(state) > 0 || state.q.trim() !== '';

  return (
    <PageLayout>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Orders</h1>
          <p className="mt-1 text-sm text-slate-600">
            {backOffice
              ? 'Every installation order, from partners and back office.'
              : 'The orders offered to and accepted by your company.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <a href={exportOrdersUrl(query)} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
          {backOffice && (
            <Button variant="outline" asChild>
              <Link href="/calendar">
                <CalendarDays aria-hidden="true" />
                Calendar
              </Link>
            </Button>
          )}
          {backOffice && (
            <Button asChild>
              <Link href="/orders/new">
                <Plus aria-hidden="true" />
                New order
              </Link>
            </Button>
          )}
        </div>
      </div>

      <SearchBar
        id="order-search"
        label="Search orders"
        hideLabel
        className="w-full"
        placeholder="Order number, reference, name, postcode, phone or email"
        value={state.q}
        onSearch={handleSearch}
      />
      <OrderFilters state={state} onChange={(patch) => update(patch)} />

      <section aria-label="Order list" aria-busy={orders.isFetching} className="grid gap-3">
        {orders.isPending ? (
          <div className="grid gap-2" role="status" aria-label="Loading orders">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : orders.isError ? (
          <EmptyState
            icon={PackageSearch}
            title="The orders could not be loaded"
            action={<Button onClick={() => void orders.refetch()}>Try again</Button>}
          >
            {errorMessage(orders.error, orders.error.message)}
          </EmptyState>
        ) : orders.data.items.length === 0 ? (
          <EmptyState icon={PackageSearch} title="No orders found">
            {filtered
              ? 'No order matches this search and these filters. Change or clear them.'
              : backOffice
                ? 'There are no orders yet. Create one with New order.'
                : 'No order has been offered to your company yet.'}
          </EmptyState>
        ) : (
          <>
            <OrdersTable
              items={orders.data.items}
              sort={state.sort}
              direction={state.direction}
              onSort={(sort, direction) => update({ sort, direction })}
            />
            <Pagination
              label="Order list pages"
              page={orders.data.page}
              pageSize={orders.data.pageSize}
              total={orders.data.total}
              totalIsEstimate={orders.data.totalIsEstimate}
              totalIsLowerBound={orders.data.totalIsLowerBound}
              shown={orders.data.items.length}
              noun={{ one: 'order', many: 'orders' }}
              hasNext={orders.data.nextCursor !== null}
              hasPrevious={orders.data.prevCursor !== null}
              pageSizes={pageSizes}
              onPageChange={(page) => update(cursorStep(page, orders.data.page, orders.data))}
              onPageSizeChange={(pageSize) => update({ pageSize })}
            />
          </>
        )}
      </section>
    </PageLayout>
  );
}
