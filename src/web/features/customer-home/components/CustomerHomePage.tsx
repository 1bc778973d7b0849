import { Inbox } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { useAuth } from '../../../lib/auth';
import { CustomerOrderList, type CustomerOrderSummary } from './CustomerOrderList';

// The signed-in customer's orders come from the customer-portal API when that area lands;
// until then this device knows of none, and the page says so plainly.
const knownOrders: readonly CustomerOrderSummary[] = [];

/** spec §2: /customer, the default dashboard: the signed-in customer's own orders. */
export default function CustomerHomePage() {
  const { user } = useAuth();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 py-4 sm:py-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">My orders</h1>
        {user && (
          <p className="mt-1 text-slate-600">
            Orders for {user.firstName} {user.lastName}
          </p>
        )}
      </div>
      {knownOrders.length > 0 ? (
        <CustomerOrderList orders={knownOrders} />
      ) : (
        <EmptyState icon={Inbox} title="Your orders cannot be listed here yet">
          Listing your orders in your account is not available yet. To follow an order, open the
          link in the email or text message we sent you about it: it leads to that order’s page.
        </EmptyState>
      )}
    </div>
  );
}
