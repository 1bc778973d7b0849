import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { FilterBar, SearchBar, SelectFilter } from '@web/components/filter-bar';
import { Skeleton } from '@web/components/ui/skeleton';
import type { Contractor } from '@shared/contractors/contractors.contracts';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { errorMessage } from '@web/lib/api-client';
import { useContractors } from '@web/api/contractors/list-contractors';
import { ContractorFormDialog } from './contractor-form-dialog';
import { PageLayout } from '@web/components/page-layout';
import { EmailText, ListCard } from '@web/components/responsive-list';
import { StatusBadge } from '@web/components/status-badge';

const activeOptions = [
  { value: 'true', label: 'Active only' },
  { value: 'false', label: 'Inactive only' },
] as const;

const columns: DataTableColumn<Contractor>[] = [
  {
    id: 'company',
    header: 'Company',
    cell: ({ row: { original: c } }) => (
      <>
        <Link
          href={`/contractors/${c.id}`}
          className="inline-block py-0.5 font-medium text-brand-700 hover:underline"
        >
          {c.name}
        </Link>
        <EmailText email={c.contactEmail} className="max-w-72" />
      </>
    ),
  },
  {
    id: 'coverage',
    header: 'Coverage',
    cell: ({ row: { original: c } }) => (
      <span className="line-clamp-2">{c.coverageAreas.join(', ') || '—'}</span>
    ),
    meta: { className: 'max-w-64' },
  },
  {
    id: 'engineers',
    header: 'Engineers',
    cell: ({ row: { original: c } }) => c.engineerCount,
    meta: { className: 'text-right', headClassName: 'text-right' },
  },
  {
    id: 'openOrders',
    header: 'Open orders',
    cell: ({ row: { original: c } }) => c.openOrderCount,
    meta: { className: 'text-right', headClassName: 'text-right whitespace-nowrap' },
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: c } }) => (
      <StatusBadge kind="active" status={c.active ? 'active' : 'inactive'} />
    ),
  },
];

/** /contractors (back office): the contractor companies. */
export default function ContractorsPage() {
  const [, navigate] = useLocation();
  const [q, setQ] = useState('');
  const [active, setActive] = useState<'' | 'true' | 'false'>('');
  const [creating, setCreating] = useState(false);
  const contractors = useContractors({ q: q.trim() || undefined, active: active || undefined });

  return (
    <PageLayout>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Contractors</h1>
          <p className="mt-1 text-sm text-slate-600">
            Installation companies: where they work, their rates and engineers.{' '}
            <Link href="/back-office/contractor-management" className="text-brand-700 underline">
              Assignment queue
            </Link>
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          New contractor
        </Button>
      </div>
      <FilterBar className="sm:grid-cols-[1fr_12rem]">
        <SearchBar
          id="contractor-search"
          label="Search contractors"
          hideLabel
          placeholder="Name or email"
          value={q}
          onSearch={setQ}
        />
        <SelectFilter
          id="contractor-active-filter"
          label="Active"
          hideLabel
          allLabel="Active and inactive"
          options={activeOptions}
          value={active}
          onChange={setActive}
        />
      </FilterBar>

      {contractors.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Loading contractors">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      ) : contractors.isError ? (
        <EmptyState title="The contractors could not be loaded">
          {errorMessage(contractors.error, contractors.error.message)}
        </EmptyState>
      ) : contractors.data.items.length === 0 ? (
        <EmptyState icon={Building2} title="No contractors found">
          {q || active ? 'No contractor matches.' : 'Add the first contractor company.'}
        </EmptyState>
      ) : (
        <DataTable
          data={contractors.data.items}
          columns={columns}
          getRowId={(c) => c.id}
          cards={{
            label: 'Contractors',
            render: (c) => (
              <ListCard>
                <div className="flex items-start justify-between gap-2">
                  <Link
                    href={`/contractors/${c.id}`}
                    className="inline-block min-w-0 py-0.5 font-medium text-brand-700 hover:underline"
                  >
                    {c.name}
                  </Link>
                  <StatusBadge kind="active" status={c.active ? 'active' : 'inactive'} />
                </div>
                <EmailText email={c.contactEmail} />
                <p className="text-sm text-slate-700">Covers {c.coverageAreas.join(', ') || '—'}</p>
                <p className="text-xs text-slate-500">
                  {c.engineerCount} engineers · {c.openOrderCount} open orders
                </p>
              </ListCard>
            ),
          }}
        />
      )}

      <ContractorFormDialog
        contractor={null}
        open={creating}
        onOpenChange={setCreating}
        onCreated={(created) => navigate(`/contractors/${created.id}`)}
      />
    </PageLayout>
  );
}
