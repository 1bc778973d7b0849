import { HardHat, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  contractorEngineerErrorCodes,
  type ContractorEngineer,
} from '@shared/contractor-engineers/contractor-engineers.contracts';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { useContractorEngineerList } from '@web/api/contractor-engineers/list-contractor-engineers';
import { errorCode, errorMessage } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { EngineerFormDialog } from './engineer-form-dialog';
import { EngineerList } from './engineer-list';

const title = 'Engineers';

/** /contractor-management: the signed-in contractor's engineers (issue 12). */
export default function ContractorEngineersPage() {
  const { user, isLoading: userLoading } = useAuth();
  const isContractor =
    !!user && (user.role === 'contractor' || user.additionalRoles.includes('contractor'));
  const list = useContractorEngineerList(isContractor);
  const [dialog, setDialog] = useState<{ engineer: ContractorEngineer | null } | null>(null);

  if (!isContractor && !userLoading) {
    return (
      <PageLayout width="medium">
        <PageHeader title={title} />
        <EmptyState icon={HardHat} title="For contractor companies">
          A contractor manages its own engineers here. Back office invites and edits each company’s
          engineers on its page under{' '}
          <Link href="/contractors" className="text-brand-700 underline">
            Contractors
          </Link>
          .
        </EmptyState>
      </PageLayout>
    );
  }

  if (list.isError) {
    const noCompany = errorCode(list.error) === contractorEngineerErrorCodes.noContractorCompany;
    return (
      <PageLayout width="medium">
        <PageHeader title={title} />
        <EmptyState
          icon={HardHat}
          title={noCompany ? 'No company linked' : 'The engineers could not be loaded'}
          action={
            noCompany ? undefined : (
              <Button variant="outline" onClick={() => void list.refetch()}>
                Try again
              </Button>
            )
          }
        >
          {errorMessage(list.error, 'Something went wrong; try again.')}
        </EmptyState>
      </PageLayout>
    );
  }

  const data = list.data;
  return (
    <PageLayout>
      <PageHeader
        title={title}
        description={
          data
            ? `${data.company.name}: invite your engineers, keep their mobile numbers for SMS sign-in, and disable anyone who has left.`
            : 'Your company’s engineers.'
        }
        actions={
          <Button onClick={() => setDialog({ engineer: null })} disabled={!data}>
            <UserPlus aria-hidden="true" />
            Invite engineer
          </Button>
        }
      />
      {!data ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading engineers">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState icon={HardHat} title="No engineers yet">
          Invite your first engineer: they get an email to set a password, then sign in to the
          engineer app.
        </EmptyState>
      ) : (
        <EngineerList engineers={data.items} onEdit={(engineer) => setDialog({ engineer })} />
      )}
      {data && (
        <EngineerFormDialog
          engineer={dialog?.engineer ?? null}
          companyName={data.company.name}
          open={dialog !== null}
          onOpenChange={(open) => !open && setDialog(null)}
        />
      )}
    </PageLayout>
  );
}
