import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { updateCustomerBody, type CustomerDetail } from '@shared/customers/customers.contracts';
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
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { useUpdateCustomer } from '@web/api/customers/update-customer';
import { emptyToNull } from '@web/lib/form-values';
import { showServerError } from '@web/lib/show-server-error';

type FormInput = z.input<typeof updateCustomerBody>;
type FormOutput = z.output<typeof updateCustomerBody>;

const fields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address.line1',
  'address.line2',
  'address.town',
  'address.county',
  'address.postcode',
  'latitude',
  'longitude',
  'notes',
] as const;

/** An empty box means "no coordinates"; anything else is read as a number (NaN is refused). */
const coordinate = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
    ? null
    : Number(value);

export function EditCustomerDialog({
  customer,
  open,
  onOpenChange,
}: {
  customer: CustomerDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const mutation = useUpdateCustomer(customer.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(updateCustomerBody),
    values: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone,
      address: { ...customer.address },
      latitude: customer.latitude,
      longitude: customer.longitude,
      notes: customer.notes,
    },
  });
  const a = errors.address;

  const handleSave = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast({ title: 'Customer saved', description: `${customer.reference} updated.` });
      onOpenChange(false);
    } catch (error) {
      showServerError(error, { title: 'Could not save the customer', setError, fields });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={handleSave} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Edit {customer.reference}</DialogTitle>
            <DialogDescription>Contact details and the installation address.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First name" error={errors.firstName?.message}>
              {(field) => <Input {...field} {...register('firstName')} />}
            </FormField>
            <FormField label="Last name" error={errors.lastName?.message}>
              {(field) => <Input {...field} {...register('lastName')} />}
            </FormField>
            <FormField label="Email" error={errors.email?.message}>
              {(field) => (
                <Input
                  {...field}
                  type="email"
                  {...register('email', { setValueAs: emptyToNull })}
                />
              )}
            </FormField>
            <FormField label="Phone" error={errors.phone?.message}>
              {(field) => (
                <Input {...field} type="tel" {...register('phone', { setValueAs: emptyToNull })} />
              )}
            </FormField>
            <FormField label="Address line 1" error={a?.line1?.message} className="sm:col-span-2">
              {(field) => <Input {...field} {...register('address.line1')} />}
            </FormField>
            <FormField label="Address line 2" error={a?.line2?.message} className="sm:col-span-2">
              {(field) => (
                <Input {...field} {...register('address.line2', { setValueAs: emptyToNull })} />
              )}
            </FormField>
            <FormField label="Town" error={a?.town?.message}>
              {(field) => <Input {...field} {...register('address.town')} />}
            </FormField>
            <FormField label="County" error={a?.county?.message}>
              {(field) => (
                <Input {...field} {...register('address.county', { setValueAs: emptyToNull })} />
              )}
            </FormField>
            <FormField label="Postcode" error={a?.postcode?.message}>
              {(field) => (
                <Input {...field} className="uppercase" {...register('address.postcode')} />
              )}
            </FormField>
            <FormField
              label="Latitude"
              error={errors.latitude?.message}
              description="Optional: where the dish goes, for the engineer's map."
            >
              {(field) => (
                <Input
                  {...field}
                  inputMode="decimal"
                  {...register('latitude', { setValueAs: coordinate })}
                />
              )}
            </FormField>
            <FormField label="Longitude" error={errors.longitude?.message}>
              {(field) => (
                <Input
                  {...field}
                  inputMode="decimal"
                  {...register('longitude', { setValueAs: coordinate })}
                />
              )}
            </FormField>
            <FormField label="Notes" error={errors.notes?.message} className="sm:col-span-2">
              {(field) => (
                <Textarea {...field} rows={2} {...register('notes', { setValueAs: emptyToNull })} />
              )}
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Back
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
