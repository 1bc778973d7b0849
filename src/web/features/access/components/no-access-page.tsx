import { ShieldX } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageLayout } from '@web/components/page-layout';

/** A signed-in user opened a route their role may not open. */
export default function NoAccessPage({
  area,
  roleLabel,
  dashboardHref,
}: {
  area: string;
  roleLabel: string;
  dashboardHref: string;
}) {
  return (
    <PageLayout width="narrow">
      <EmptyState
        icon={ShieldX}
        title="You do not have access to this page"
        headingLevel={1}
        action={
          <Link href={dashboardHref} className={buttonVariants()}>
            Go to my dashboard
          </Link>
        }
      >
        {area} is not open to your account ({roleLabel}). If you need it for your work, ask a
        back-office administrator to change your access.
      </EmptyState>
    </PageLayout>
  );
}
