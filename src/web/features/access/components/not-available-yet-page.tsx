import { Construction } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageLayout } from '@web/components/page-layout';

/** An honest page for a route whose area is not built yet; the area's own page replaces it. */
export default function NotAvailableYetPage({ area }: { area: string }) {
  return (
    <PageLayout width="narrow">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{area}</h1>
      <EmptyState
        icon={Construction}
        title={`${area} is not available yet`}
        action={
          <Link href="/" className={buttonVariants({ variant: 'outline' })}>
            Back to home
          </Link>
        }
      >
        This part of Uplink has not been built yet. Nothing is lost: when it is ready it will appear
        here at the same address.
      </EmptyState>
    </PageLayout>
  );
}
