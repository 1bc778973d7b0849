import { ArrowLeft, Pencil, UserPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, type RouteComponentProps } from 'wouter';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { commonErrorCodes } from '@shared/api-error';
import { errorCode, errorMessage } from '@web/lib/api-client';
import { useContractor } from '@web/api/contractors/get-contractor';
import { formatPence } from '@web/lib/money';
import { ContractorFormDialog } from './contractor-form-dialog';
import { InviteEngineerDialog } from './invite-engineer-dialog';
import { PageLayout } from '@web/components/page-layout';
import { StatusBadge } from '@web/components/status-badge';
import { EmailText } from '@web/components/responsive-list';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** /contractors/:id: one company, its coverage, rates and engineers. */
export default function ContractorDetailPage({ params }: RouteComponentProps) {
  const contractor = useContractor(params.id ?? '');
  const [editing, setEditing] = useState(false);
  const [inviting, setInviting] = useState(false);

  if (contractor.isPending) {
    return (
      <div className="grid gap-3" role="status" aria-label="Loading contractor">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (contractor.isError) {
    const notFound = errorCode(contractor.error) === commonErrorCodes.notFound;
    return (
      <EmptyState title={notFound ? 'Contractor not found' : 'The contractor could not be loaded'}>
        {errorMessage(contractor.error, contractor.error.message)}
      </EmptyState>
    );
  }
  const c = contractor.data;
  const a = c.address;

  return (
    <PageLayout width="medium">
      <Link
        href="/contractors"
        className="inline-flex w-fit items-center gap-1 text-sm text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Contractors
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{c.name}</h1>
          <div>
            <StatusBadge kind="active" status={c.active ? 'active' : 'inactive'} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit contractor
          </Button>
          <Button size="sm" onClick={() => setInviting(true)}>
            <UserPlus aria-hidden="true" />
            Invite engineer
          </Button>
        </div>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <h2 className="text-base font-semibold">Company</h2>
          </CardHeader>
          <CardContent>
            <dl>
              <Fact label="Company no.">{c.companyNumber ?? '—'}</Fact>
              <Fact label="VAT no.">{c.vatNumber ?? '—'}</Fact>
              <Fact label="Email">
                <EmailText email={c.contactEmail} className="text-sm text-slate-900" />
              </Fact>
              <Fact label="Phone">{c.contactPhone ?? '—'}</Fact>
              <Fact label="Address">
                {a
                  ? [a.line1, a.line2, a.town, a.county, a.postcode].filter(Boolean).join(', ')
                  : '—'}
              </Fact>
              <Fact label="Open orders">{c.openOrderCount}</Fact>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="text-base font-semibold">Coverage and rates</h2>
          </CardHeader>
          <CardContent className="grid gap-3">
            <div className="flex flex-wrap gap-1.5" aria-label="Postcode areas covered">
              {c.coverageAreas.length === 0 ? (
                <span className="text-sm text-slate-600">No coverage set.</span>
              ) : (
                c.coverageAreas.map((area) => (
                  <Badge key={area} variant="secondary">
                    {area}
                  </Badge>
                ))
              )}
            </div>
            {c.rates.length === 0 ? (
              <p className="text-sm text-slate-600">Default payouts for every job type.</p>
            ) : (
              <dl>
                {c.rates.map((r) => (
                  <Fact key={r.jobTypeId} label={r.jobTypeName}>
                    {formatPence(r.payoutPence)}
                  </Fact>
                ))}
              </dl>
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <h2 className="text-base font-semibold">Engineers ({c.engineers.length})</h2>
        </CardHeader>
        <CardContent>
          {c.engineers.length === 0 ? (
            <p className="text-sm text-slate-600">No engineers yet. Invite one.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {c.engineers.map((e) => (
                <li
                  key={e.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                >
                  <span>
                    <span className="font-medium">
                      {e.firstName} {e.lastName}
                    </span>
                    <span className="block text-xs text-slate-500">
                      {e.email}
                      {e.phone ? ` · ${e.phone}` : ''}
                    </span>
                  </span>
                  <StatusBadge kind="active" status={e.active ? 'active' : 'inactive'}>
                    {e.active ? 'Active' : 'Disabled'}
                  </StatusBadge>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2 text-xs text-slate-500">
            Accounts are managed on{' '}
            <Link href={`/users?contractorId=${c.id}`} className="text-brand-700 underline">
              User management
            </Link>
            .
          </p>
        </CardContent>
      </Card>

      <ContractorFormDialog contractor={c} open={editing} onOpenChange={setEditing} />
      <InviteEngineerDialog
        contractorId={c.id}
        contractorName={c.name}
        open={inviting}
        onOpenChange={setInviting}
      />
    </PageLayout>
  );
}
