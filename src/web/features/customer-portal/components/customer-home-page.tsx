import { AlertTriangle, Inbox } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { useCustomerOrders } from '@web/api/customer-portal/list-customer-orders';
import { CustomerOrderList } from './customer-order-list';
import { PageLayout } from '@web/components/page-layout';
import { CompanyLogo } from '@web/components/company-logo';

/** spec §2: /customer, the default dashboard: the signed-in customer's own orders. */
export default function CustomerHomePage() {
  const { user } = useAuth();
  const orders = useCustomerOrders();
  return (
    <PageLayout width="narrow">
      {orders.data && <CompanyLogo company={orders.data.company} />}
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">My orders</h1>
        {user && (
          <p className="mt-1 text-slate-600">
            Orders for {user.firstName} {user.lastName}
          </p>
        )}
      </div>
      {orders.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading your orders">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : orders.isError ? (
        <EmptyState
          icon={AlertTriangle}
          title="Your orders could not be loaded"
          action={
            <Button
              variant="outline"
              onClick={() => void orders.refetch()}
              disabled={orders.isFetching}
            >
              Try again
            </Button>
          }
        >
          {errorMessage(orders.error, 'Something went wrong. Please try again.')}
        </EmptyState>
      ) : orders.data.items.length === 0 ? (
        <EmptyState icon={Inbox} title="You have no orders yet">
          When an installation is ordered for you with this email address, it appears here.
        </EmptyState>
      ) : (
        <CustomerOrderList orders={orders.data.items} />
      )}
    </PageLayout>
  );
}
