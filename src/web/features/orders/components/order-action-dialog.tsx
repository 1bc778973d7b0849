import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { orderMessages } from '@shared/schema/common.contracts';
import {
  lifecycleActionLabels,
  type AllowedAction,
  type LifecycleAction,
} from '@shared/orders/order-lifecycle';
import {
  failureReasonLabels,
  failureReasons,
  kitStatusLabels,
  visitSlotLabels,
  visitSlots,
} from '@shared/orders/order-status';
import { offerPayout } from '@shared/orders/offer-payout';
import { orderActionEndpoints, type OrderDetail } from '@shared/orders/orders.contracts';
import { Button } from '@web/components/ui/button';
import { DateField } from '@web/components/ui/date-input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import {
  bookedDayWords,
  isOffDayCheckIn,
  offDayReasonMessage,
} from '@shared/visits/off-day-check-in';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { toastWithUndo } from '@web/components/undo-toast';
import { undoOrderChange } from '@web/api/orders/undo-order-change';
import { isUndoable } from '@shared/orders/undo';
import { useContractorEngineers } from '@web/api/contractors/list-contractor-engineers';
import { useContractors } from '@web/api/contractors/list-contractors';
import { useOrderAction } from '@web/api/orders/order-action';
import { emptyToNull } from '@web/lib/form-values';
import { showServerError } from '@web/lib/show-server-error';

/** Why each action asks what it asks, in the dialog's description. */
const descriptions: Partial<Record<LifecycleAction, string>> = {
  submit_customer_form: 'Record that the customer gave their details (by phone, say).',
  validate: 'Confirm the customer and the installation address are correct.',
  assign: 'Offer the order to a contractor. It is assigned once they accept.',
  unassign: 'Take the order back from its contractor; it returns to the assignment queue.',
  accept: 'Record that the contractor accepted the order (by phone, say).',
  decline: 'Decline the order; it returns to back office with the reason.',
  schedule: 'Give the visit an engineer of the contractor, a date and a slot.',
  reschedule: 'Move the visit to another engineer, date or slot.',
  unschedule: 'Take the visit off the schedule; the order waits to be scheduled again.',
  check_in: 'Record that the engineer is on site.',
  complete: 'Record the installation as complete.',
  fail: 'Record why the visit failed; a new visit will be needed.',
  close: 'Approve the completed record; the order is closed for invoicing.',
  hold: 'Pause the order. It resumes to the status it has now.',
  resume: 'Return the order to the status it had before it was put on hold.',
  cancel: 'End the order. This cannot be undone.',
  dispatch_kit: 'Record the courier and tracking number; the customer gets the kit-arrived link.',
  confirm_kit_arrived: 'Record that the kit reached the customer.',
  mark_kit_customer_supplied: 'The customer has their own kit; nothing will be dispatched.',
};

const destructiveActions: readonly LifecycleAction[] = [
  'cancel',
  'decline',
  'fail',
  'unassign',
  'unschedule',
];

/** The button that leaves without acting: "Cancel", but not beside "Cancel order". */
export function dismissLabel(action: LifecycleAction): string {
  return action === 'cancel' ? 'Keep the order' : 'Cancel';
}

/** The fields each action's form shows (react-hook-form paths). */
export function fieldsFor(
  action: LifecycleAction,
  needsKitOverride: boolean,
  offDay = false,
): string[] {
  switch (action) {
    case 'check_in':
      return offDay ? ['offDayReason'] : [];
    case 'hold':
    case 'cancel':
    case 'unassign':
    case 'unschedule':
    case 'decline':
      return ['reason'];
    case 'assign':
      return ['contractorId'];
    case 'dispatch_kit':
      return ['courier', 'trackingNumber'];
    case 'schedule':
    case 'reschedule':
      return ['engineerId', 'date', 'slot', ...(needsKitOverride ? ['kitOverrideReason'] : [])];
    case 'fail':
      return ['failureReason', 'notes'];
    case 'complete':
      return ['notes'];
    default:
      return [];
  }
}

export function OrderActionDialog({
  order,
  allowed,
  open,
  onOpenChange,
  onGone,
}: {
  order: OrderDetail;
  allowed: AllowedAction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called when the caller can no longer see the order after the move (a decline). */
  onGone?: () => void;
}) {
  const { action } = allowed;
  const needsKitOverride = allowed.needs.includes('kit_ready_or_override');
  // Checking in on another day than the booked one asks why (issue 24, decision 073).
  const booked = order.visits.find((v) => v.status === 'scheduled')?.scheduledDate;
  const offDay = action === 'check_in' && !!booked && isOffDayCheckIn(booked, new Date());
  const fields = fieldsFor(action, needsKitOverride, offDay);
  const mutation = useOrderAction(order.id);
  const queryClient = useQueryClient();
  const form = useForm<FieldValues>({
    resolver: zodResolver(orderActionEndpoints[action].body) as unknown as Resolver<FieldValues>,
    defaultValues: defaultsFor(action, order),
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const contractors = useContractors({}, { enabled: open && action === 'assign' });
  const covering = useContractors(
    { covers: order.customer.address.postcode },
    { enabled: open && action === 'assign' },
  );
  const engineers = useContractorEngineers(
    order.contractor?.id ?? null,
    open && (action === 'schedule' || action === 'reschedule'),
  );
  const label = lifecycleActionLabels[action].label;
  const errorOf = (path: string) => {
    const parts = path.split('.');
    let node: unknown = errors;
    for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
    return (node as { message?: string } | undefined)?.message;
  };

  const handleAction = handleSubmit(async (values) => {
    if (offDay && booked && !String(values.offDayReason ?? '').trim()) {
      setError('offDayReason', { type: 'required', message: offDayReasonMessage(booked) });
      return;
    }
    if (needsKitOverride && !String(values.kitOverrideReason ?? '').trim()) {
      setError('kitOverrideReason', { type: 'required', message: orderMessages.reasonRequired });
      return;
    }
    try {
      const updated = await mutation.mutateAsync({
        action,
        body: { ...values, expectedVersion: order.version },
      });
      // A 204 (null) means the caller no longer sees the order, e.g. a contractor's decline.
      const done = {
        title: `${label}: done`,
        description: `${(updated ?? order).orderNumber} updated.`,
      };
      // Assigning and unscheduling can be taken back for a few seconds (issue 25).
      if (updated && isUndoable(action))
        toastWithUndo({ ...done, undo: () => undoOrderChange(queryClient, order.id) });
      else toast(done);
      onOpenChange(false);
      if (!updated) onGone?.();
    } catch (error) {
      showServerError(error, { title: `${label} failed`, setError, fields });
    }
  });

  const contractorsReady = contractors.isSuccess && !covering.isPending;
  const coveringIds = new Set(covering.data?.items.map((c) => c.id));
  const activeContractors = (contractors.data?.items ?? []).filter((c) => c.active);
  const suggested = activeContractors.filter((c) => coveringIds.has(c.id));
  const others = activeContractors.filter((c) => !coveringIds.has(c.id));
  const chosenId = form.watch('contractorId') as string | undefined;
  const chosen = activeContractors.find((c) => c.id === chosenId);
  const payout = chosen
    ? offerPayout({
        currentPayoutPence: order.payoutPence,
        ratePence: chosen.rates.find((rate) => rate.jobTypeId === order.jobType.id)?.payoutPence,
        contractorName: chosen.name,
        jobTypeName: order.jobType.name,
      })
    : undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={handleAction} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              {label} · {order.orderNumber}
            </DialogTitle>
            <DialogDescription>{descriptions[action]}</DialogDescription>
          </DialogHeader>

          {fields.includes('reason') && (
            <FormField label="Reason" error={errorOf('reason')}>
              {(field) => <Textarea {...field} rows={3} {...register('reason')} />}
            </FormField>
          )}

          {fields.includes('offDayReason') && booked && (
            <FormField
              label="Why are you checking in on another day?"
              required
              error={errorOf('offDayReason')}
              description={`This visit is booked for ${bookedDayWords(booked)}.`}
            >
              {(field) => (
                <Textarea
                  {...field}
                  rows={3}
                  {...register('offDayReason', { setValueAs: emptyToNull })}
                />
              )}
            </FormField>
          )}

          {action === 'assign' && (
            <FormField
              label="Contractor"
              error={errorOf('contractorId') && 'Choose a contractor'}
              description={`Contractors covering ${order.customer.address.postcode} are listed first.`}
            >
              {(field) => (
                // Offered only once both lists are in: an option that moved into "Covering"
                // after it was chosen would be drawn anew and the choice silently lost.
                <Select {...field} {...register('contractorId')} disabled={!contractorsReady}>
                  <option value="">
                    {contractorsReady ? 'Choose a contractor' : 'Loading contractors…'}
                  </option>
                  {suggested.length > 0 && (
                    <optgroup label={`Covering ${order.customer.address.postcode}`}>
                      {suggested.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name} ({c.openOrderCount} open)
                        </option>
                      ))}
                    </optgroup>
                  )}
                  <optgroup label="Other contractors">
                    {others.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name} ({c.openOrderCount} open)
                      </option>
                    ))}
                  </optgroup>
                </Select>
              )}
            </FormField>
          )}
          {action === 'assign' && payout && (
            <p
              role="status"
              data-testid="offer-payout"
              className={
                payout.changes
                  ? 'rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900'
                  : 'rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700'
              }
            >
              {payout.text}
            </p>
          )}

          {action === 'dispatch_kit' && (
            <>
              <FormField label="Courier" error={errorOf('courier')}>
                {(field) => <Input {...field} autoComplete="off" {...register('courier')} />}
              </FormField>
              <FormField label="Tracking number" error={errorOf('trackingNumber')}>
                {(field) => <Input {...field} autoComplete="off" {...register('trackingNumber')} />}
              </FormField>
            </>
          )}

          {(action === 'schedule' || action === 'reschedule') && (
            <>
              <FormField
                label="Engineer"
                error={errorOf('engineerId') && 'Choose an engineer'}
                description={
                  order.contractor ? `Engineers of ${order.contractor.name}.` : undefined
                }
              >
                {(field) => (
                  <Select {...field} {...register('engineerId')}>
                    <option value="">Choose an engineer</option>
                    {engineers.data?.items
                      .filter((e) => e.active)
                      .map((e) => (
                        <option key={e.id} value={e.id}>
                          {e.firstName} {e.lastName}
                        </option>
                      ))}
                  </Select>
                )}
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <DateField
                  control={control}
                  name="date"
                  label="Date"
                  error={errorOf('date')}
                  emptyAs=""
                />
                <FormField label="Slot" error={errorOf('slot')}>
                  {(field) => (
                    <Select {...field} {...register('slot')}>
                      {visitSlots.map((slot) => (
                        <option key={slot} value={slot}>
                          {visitSlotLabels[slot]}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
              </div>
              {needsKitOverride && (
                <FormField
                  label="Override reason"
                  error={errorOf('kitOverrideReason')}
                  description={`The kit is ${kitStatusLabels[order.kitStatus].toLowerCase()}: say why the visit can go ahead before it arrives.`}
                >
                  {(field) => (
                    <Textarea
                      {...field}
                      rows={2}
                      {...register('kitOverrideReason', { setValueAs: emptyToNull })}
                    />
                  )}
                </FormField>
              )}
            </>
          )}

          {action === 'fail' && (
            <FormField label="Failure reason" error={errorOf('failureReason') && 'Choose a reason'}>
              {(field) => (
                <Select {...field} {...register('failureReason')}>
                  <option value="">Choose a reason</option>
                  {failureReasons.map((r) => (
                    <option key={r} value={r}>
                      {failureReasonLabels[r]}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          )}

          {action === 'complete' && (
            <p className="text-sm text-slate-700">
              Completion uses the visit’s record from the engineer app: every photo, the serials,
              the speed test and the customer’s signature.
            </p>
          )}

          {(action === 'fail' || action === 'complete') && (
            <FormField label="Notes" error={errorOf('notes')}>
              {(field) => (
                <Textarea {...field} rows={2} {...register('notes', { setValueAs: emptyToNull })} />
              )}
            </FormField>
          )}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {dismissLabel(action)}
            </Button>
            <Button
              type="submit"
              variant={destructiveActions.includes(action) ? 'destructive' : 'default'}
              disabled={isSubmitting}
            >
              {label}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function defaultsFor(action: LifecycleAction, order: OrderDetail): FieldValues {
  switch (action) {
    case 'hold':
    case 'cancel':
    case 'unassign':
    case 'unschedule':
    case 'decline':
      return { reason: '' };
    case 'assign':
      return { contractorId: '' };
    case 'dispatch_kit':
      return { courier: order.courier ?? '', trackingNumber: order.trackingNumber ?? '' };
    case 'schedule':
    case 'reschedule': {
      const last = order.visits.at(-1);
      return {
        engineerId: action === 'reschedule' && last ? last.engineer.id : '',
        date: action === 'reschedule' && last ? last.scheduledDate : (order.requestedDate ?? ''),
        slot: action === 'reschedule' && last ? last.slot : 'am',
        kitOverrideReason: null,
      };
    }
    case 'fail':
      return { failureReason: '', notes: null };
    case 'complete':
      return { notes: null };
    default:
      return {};
  }
}
