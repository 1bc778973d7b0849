import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  updateOrderBody,
  type OrderDetail,
  type UpdateOrderBody,
} from '@shared/orders/orders.contracts';
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
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { useJobTypes } from '@web/api/job-types/list-job-types';
import { useUpdateOrder } from '@web/api/orders/update-order';
import { emptyToNull } from '@web/lib/form-values';
import { showServerError } from '@web/lib/show-server-error';
import { MoneyField, moneyError } from '@web/components/ui/money-input';

const fields = [
  'partnerReference',
  'jobTypeId',
  'pricePence',
  'payoutPence',
  'requestedDate',
  'notes',
] as const;

/** Back office edits the order's own details (the customer is edited on /customers). */
export function EditOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: OrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const jobTypes = useJobTypes();
  const mutation = useUpdateOrder(order.id);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdateOrderBody>({
    resolver: zodResolver(updateOrderBody),
    values: {
      partnerReference: order.partnerReference,
      jobTypeId: order.jobType.id,
      pricePence: order.pricePence,
      payoutPence: order.payoutPence,
      requestedDate: order.requestedDate,
      notes: order.notes,
    },
  });

  const handleSave = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync({ ...values, expectedVersion: order.version });
      toast({ title: 'Order saved', description: `${order.orderNumber} updated.` });
      onOpenChange(false);
    } catch (error) {
      showServerError(error, { title: 'Could not save the order', setError, fields });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={handleSave} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Edit {order.orderNumber}</DialogTitle>
            <DialogDescription>
              Partner reference, job type, price, payout, requested date and notes.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Partner reference" error={errors.partnerReference?.message}>
            {(field) => (
              <Input {...field} {...register('partnerReference', { setValueAs: emptyToNull })} />
            )}
          </FormField>
          <FormField label="Job type" error={errors.jobTypeId?.message}>
            {(field) => (
              <Select {...field} {...register('jobTypeId')}>
                {jobTypes.data?.items
                  .filter((j) => j.active || j.id === order.jobType.id)
                  .map((j) => (
                    <option key={j.id} value={j.id}>
                      {j.name}
                    </option>
                  )) ?? <option value={order.jobType.id}>{order.jobType.name}</option>}
              </Select>
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            {order.pricePence !== undefined && (
              <MoneyField
                control={control}
                name="pricePence"
                label="Price to partner"
                error={errors.pricePence && moneyError}
              />
            )}
            <MoneyField
              control={control}
              name="payoutPence"
              label="Payout to contractor"
              error={errors.payoutPence && moneyError}
            />
          </div>
          <DateField
            control={control}
            name="requestedDate"
            label="Requested date"
            error={errors.requestedDate?.message}
          />
          <FormField label="Notes" error={errors.notes?.message}>
            {(field) => (
              <Textarea {...field} rows={3} {...register('notes', { setValueAs: emptyToNull })} />
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              Save changes
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
