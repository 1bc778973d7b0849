import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { rejectCustomerBody, type CustomerDetail } from '@shared/customers/customers.contracts';
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
import { useRejectCustomer } from '@web/api/customers/reject-customer';
import { showServerError } from '@web/lib/show-server-error';

type Values = z.input<typeof rejectCustomerBody>;

export function RejectCustomerDialog({
  customer,
  open,
  onOpenChange,
}: {
  customer: CustomerDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const mutation = useRejectCustomer(customer.id);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(rejectCustomerBody), defaultValues: { reason: '' } });

  const handleReject = handleSubmit(async ({ reason }) => {
    try {
      await mutation.mutateAsync(reason);
      toast({ title: 'Customer rejected', description: `${customer.reference}: ${reason}` });
      reset();
      onOpenChange(false);
    } catch (error) {
      showServerError(error, {
        title: 'Could not reject the customer',
        setError,
        fields: ['reason'],
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={handleReject} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              Reject {customer.firstName} {customer.lastName}
            </DialogTitle>
            <DialogDescription>
              Their orders cannot be validated until the details are corrected and validated.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Reason" error={errors.reason?.message}>
            {(field) => <Textarea {...field} rows={3} {...register('reason')} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Back
            </Button>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              Reject customer
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
