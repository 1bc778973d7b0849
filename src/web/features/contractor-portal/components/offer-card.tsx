import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { z } from 'zod';
import type { ContractorOffer } from '@shared/contractor-portal/contractor-portal.contracts';
import {
  availabilitySlotLabels,
  listedAnswerLabels,
  propertyTypeLabels,
  tenureLabels,
} from '@shared/customer-links/customer-form.contracts';
import { reasonField } from '@shared/schema/common.contracts';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { contractorPortalKeys } from '@web/api/contractor-portal/keys';
import { useOrderAction } from '@web/api/orders/order-action';
import { formatPence } from '@web/lib/money';
import { showServerError } from '@web/lib/show-server-error';
import { formatDate } from '@web/lib/format-date';
import { contractorPaths } from '../lib/paths';

const declineForm = z.object({ reason: reasonField });
type DeclineValues = z.infer<typeof declineForm>;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-2 py-0.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * One offer: what the job is, where roughly (outward code only until accepted), when the
 * customer can be in, what they told us about the property, and the payout. Accept, or
 * Decline with a reason; both are the order's own lifecycle actions.
 */
export function OfferCard({ offer }: { offer: ContractorOffer }) {
  const queryClient = useQueryClient();
  const action = useOrderAction(offer.orderId);
  const [declining, setDeclining] = useState(false);
  const headingId = `offer-${offer.orderId}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: contractorPortalKeys.all });

  const accept = async () => {
    try {
      await action.mutateAsync({ action: 'accept', body: {} });
      toast({
        title: 'Offer accepted',
        description: `${offer.orderNumber} is yours to schedule.`,
      });
      await refresh();
    } catch (error) {
      showServerError(error, { title: 'Accept failed' });
    }
  };

  const a = offer.answers;
  return (
    <li
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {offer.jobType.name} · {offer.postcodeArea}
          </h3>
          <p className="text-sm text-slate-600">
            <Link href={contractorPaths.order(offer.orderId)} className="text-brand-700 underline">
              {offer.orderNumber}
            </Link>{' '}
            · {offer.town}
          </p>
        </div>
        <p className="shrink-0 text-right">
          <span className="block text-lg font-semibold text-slate-900">
            {formatPence(offer.payoutPence)}
          </span>
          <span className="text-xs text-slate-600">payout</span>
        </p>
      </div>
      <dl>
        <Fact label="Requested date">{formatDate(offer.requestedDate)}</Fact>
        <Fact label="Customer is in">
          {offer.availability.length === 0
            ? 'Not given yet'
            : offer.availability
                .map((d) => `${formatDate(d.date)} (${availabilitySlotLabels[d.slot]})`)
                .join(', ')}
        </Fact>
        {a ? (
          <>
            <Fact label="Property">{propertyTypeLabels[a.propertyType]}</Fact>
            <Fact label="Owner or tenant">
              {tenureLabels[a.tenure]}
              {a.tenure === 'tenant' && (a.landlordPermission ? ', landlord agreed' : '')}
            </Fact>
            <Fact label="Listed building">{listedAnswerLabels[a.listedBuilding]}</Fact>
            <Fact label="Dish position">{a.dishPosition || '—'}</Fact>
            {a.accessNotes && <Fact label="Access">{a.accessNotes}</Fact>}
          </>
        ) : (
          <Fact label="Customer form">Not sent by the customer yet</Fact>
        )}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void accept()} disabled={action.isPending}>
          <Check aria-hidden="true" />
          Accept
          <span className="sr-only"> {offer.orderNumber}</span>
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="border-red-300 text-red-700 hover:bg-red-50"
          onClick={() => setDeclining(true)}
          disabled={action.isPending}
        >
          <X aria-hidden="true" />
          Decline
          <span className="sr-only"> {offer.orderNumber}</span>
        </Button>
      </div>
      {declining && (
        <DeclineDialog
          offer={offer}
          onClose={() => setDeclining(false)}
          onDeclined={() => void refresh()}
        />
      )}
    </li>
  );
}

function DeclineDialog({
  offer,
  onClose,
  onDeclined,
}: {
  offer: ContractorOffer;
  onClose: () => void;
  onDeclined: () => void;
}) {
  const action = useOrderAction(offer.orderId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeclineValues>({
    resolver: zodResolver(declineForm),
    defaultValues: { reason: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await action.mutateAsync({ action: 'decline', body: values });
      toast({
        title: 'Offer declined',
        description: `${offer.orderNumber} goes back to back office with your reason.`,
      });
      onClose();
      onDeclined();
    } catch (error) {
      showServerError(error, { title: 'Decline failed', setError, fields: ['reason'] });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Decline · {offer.orderNumber}</DialogTitle>
            <DialogDescription>
              The order goes back to back office, who will offer it elsewhere. Tell them why.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Reason" error={errors.reason?.message} required>
            {(field) => <Textarea {...field} rows={3} {...register('reason')} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Keep the offer
            </Button>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              Decline offer
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
