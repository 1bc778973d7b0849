import { Search, Users } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import {
  customerValidationStatuses,
  type CustomerValidationStatus,
} from '@shared/orders/order-status';
import { Button } from '@web/components/ui/button';
import { Pagination } from '@web/components/ui/pagination';
import { EmptyState } from '@web/components/ui/empty-state';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { errorMessage } from '@web/lib/api-client';
import { useCustomers } from '@web/api/customers/list-customers';
import { ValidationBadge, validationLabels } from './CustomerBadges';
import { PageLayout } from '@web/components/page-layout';
import { EmailText } from '@web/components/responsive-list';

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
  };
}

/** /customers (back office): search and filter customers; search and page kept in the URL. */
export default function CustomersPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => parse(search), [search]);
  const update = useCallback(
    (patch: Partial<ReturnType<typeof parse>>, replace = false) => {
      const next = { ...state, page: 1, ...patch };
      const params = new URLSearchParams();
      if (next.q.trim()) params.set('q', next.q.trim());
      if (next.validationStatus) params.set('validationStatus', next.validationStatus);
      if (next.page > 1) params.set('page', String(next.page));
      const query = params.toString();
      navigate(query ? `${location}?${query}` : location, { replace });
    },
    [state, location, navigate],
  );
  const [text, setText] = useState(state.q);
  const [shown, setShown] = useState(state.q);
  if (state.q !== shown) {
    setShown(state.q);
    if (text.trim() !== state.q.trim()) setText(state.q);
  }
  useEffect(() => {
    if (text.trim() === state.q.trim()) return;
    const timer = setTimeout(() => update({ q: text }, true), 300);
    return () => clearTimeout(timer);
  }, [text, state.q, update]);

  const customers = useCustomers({
    q: state.q || undefined,
    validationStatus: state.validationStatus ? [state.validationStatus] : undefined,
    page: state.page,
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
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <div className="relative">
          <Label htmlFor="customer-search" className="sr-only">
            Search customers
          </Label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <Input
            id="customer-search"
            type="search"
            className="pl-9"
            placeholder="Name, reference, email, phone or postcode"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="customer-validation" className="sr-only">
            Validation
          </Label>
          <Select
            id="customer-validation"
            value={state.validationStatus}
            onChange={(e) =>
              update({ validationStatus: e.target.value as CustomerValidationStatus | '' })
            }
          >
            <option value="">Any validation</option>
            {customerValidationStatuses.map((s) => (
              <option key={s} value={s}>
                {validationLabels[s]}
              </option>
            ))}
          </Select>
        </div>
      </div>

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
          <ul className="grid gap-2 md:hidden" aria-label="Customers">
            {customers.data.items.map((c) => (
              <li key={c.id} className="rounded-lg border border-slate-200 bg-white p-3">
                <div className="flex items-start justify-between gap-2">
                  <Link
                    href={`/customers/${c.id}`}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {c.firstName} {c.lastName}
                  </Link>
                  <ValidationBadge status={c.validationStatus} />
                </div>
                <p className="text-sm text-slate-600">
                  {c.reference} · {c.address.postcode} · {c.orderCount} orders
                </p>
              </li>
            ))}
          </ul>
          <div className="hidden md:block">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Customer</TableHead>
                  <TableHead>Contact</TableHead>
                  <TableHead>Address</TableHead>
                  <TableHead>Validation</TableHead>
                  <TableHead className="text-right">Orders</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {customers.data.items.map((c) => (
                  <TableRow key={c.id}>
                    <TableCell>
                      <Link
                        href={`/customers/${c.id}`}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {c.firstName} {c.lastName}
                      </Link>
                      <div className="text-xs text-slate-500">{c.reference}</div>
                    </TableCell>
                    <TableCell>
                      {c.email ? (
                        <EmailText email={c.email} className="max-w-64 text-sm" />
                      ) : (
                        <div>—</div>
                      )}
                      <div className="text-xs text-slate-500">{c.phone ?? ''}</div>
                    </TableCell>
                    <TableCell>
                      {c.address.line1}, {c.address.town} {c.address.postcode}
                    </TableCell>
                    <TableCell>
                      <ValidationBadge status={c.validationStatus} />
                    </TableCell>
                    <TableCell className="text-right">{c.orderCount}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pagination
            label="Customer list pages"
            page={state.page}
            pageSize={pageSize}
            total={total}
            onPageChange={(page) => update({ page })}
            summary={`${total.toLocaleString('en-GB')} customers`}
          />
        </>
      )}
    </PageLayout>
  );
}
