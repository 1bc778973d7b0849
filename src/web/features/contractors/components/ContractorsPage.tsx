import { Building2, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@web/components/ui/button';
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
import { useContractors } from '@web/api/contractors/list-contractors';
import { ContractorFormDialog } from './ContractorFormDialog';
import { PageLayout } from '@web/components/page-layout';
import { EmailText, ListCard, ResponsiveList } from '@web/components/responsive-list';
import { statusTones } from '@shared/status-tones';
import { StatusBadge } from '@web/components/status-badge';

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
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <div className="relative">
          <Label htmlFor="contractor-search" className="sr-only">
            Search contractors
          </Label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <Input
            id="contractor-search"
            type="search"
            className="pl-9"
            placeholder="Name or email"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="contractor-active-filter" className="sr-only">
            Active
          </Label>
          <Select
            id="contractor-active-filter"
            value={active}
            onChange={(e) => setActive(e.target.value as '' | 'true' | 'false')}
          >
            <option value="">Active and inactive</option>
            <option value="true">Active only</option>
            <option value="false">Inactive only</option>
          </Select>
        </div>
      </div>

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
        <ResponsiveList
          label="Contractors"
          cards={contractors.data.items.map((c) => (
            <ListCard key={c.id}>
              <div className="flex items-start justify-between gap-2">
                <Link
                  href={`/contractors/${c.id}`}
                  className="min-w-0 font-medium text-brand-700 hover:underline"
                >
                  {c.name}
                </Link>
                <StatusBadge tone={statusTones.active[c.active ? 'active' : 'inactive']}>
                  {c.active ? 'Active' : 'Inactive'}
                </StatusBadge>
              </div>
              <EmailText email={c.contactEmail} />
              <p className="text-sm text-slate-700">Covers {c.coverageAreas.join(', ') || '—'}</p>
              <p className="text-xs text-slate-500">
                {c.engineerCount} engineers · {c.openOrderCount} open orders
              </p>
            </ListCard>
          ))}
          table={
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Company</TableHead>
                  <TableHead>Coverage</TableHead>
                  <TableHead className="text-right">Engineers</TableHead>
                  <TableHead className="text-right whitespace-nowrap">Open orders</TableHead>
                  <TableHead>Status</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {contractors.data.items.map((c) => (
                  <TableRow key={c.id}>
                    <TableCell>
                      <Link
                        href={`/contractors/${c.id}`}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {c.name}
                      </Link>
                      <EmailText email={c.contactEmail} className="max-w-72" />
                    </TableCell>
                    <TableCell className="max-w-64">
                      <span className="line-clamp-2">{c.coverageAreas.join(', ') || '—'}</span>
                    </TableCell>
                    <TableCell className="text-right">{c.engineerCount}</TableCell>
                    <TableCell className="text-right">{c.openOrderCount}</TableCell>
                    <TableCell>
                      <StatusBadge tone={statusTones.active[c.active ? 'active' : 'inactive']}>
                        {c.active ? 'Active' : 'Inactive'}
                      </StatusBadge>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          }
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
