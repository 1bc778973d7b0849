import { Send } from 'lucide-react';
import type { OrderDetail } from '@shared/orders/orders.contracts';
import type { PublicLinkPurpose } from '@shared/public-links/public-links.contracts';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { useResendOrderLink } from '@web/api/orders/resend-link';
import { errorMessage } from '@web/lib/api-client';

const labels: Record<PublicLinkPurpose, { button: string; done: string }> = {
  customer_form: {
    button: 'Resend customer form link',
    done: 'A new customer form link is on its way; the old one no longer works.',
  },
  kit_arrived: {
    button: 'Resend kit arrived link',
    done: 'A new kit-arrived link is on its way; the old one no longer works.',
  },
};

/** Issue 11: back office sends the customer a fresh link while it is still needed. */
export function ResendLinkButtons({ order }: { order: OrderDetail }) {
  const resend = useResendOrderLink(order.id);
  const purposes: PublicLinkPurpose[] = [];
  if (order.status === 'received') purposes.push('customer_form');
  if (order.kitStatus === 'dispatched') purposes.push('kit_arrived');
  if (purposes.length === 0) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Customer links">
      {purposes.map((purpose) => (
        <Button
          key={purpose}
          size="sm"
          variant="outline"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(purpose, {
              onSuccess: () => toast({ title: 'Link resent', description: labels[purpose].done }),
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: 'Could not resend the link',
                  description: errorMessage(error, 'Please try again.'),
                }),
            })
          }
        >
          <Send aria-hidden="true" />
          {labels[purpose].button}
        </Button>
      ))}
    </div>
  );
}
