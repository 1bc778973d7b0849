import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod';
import type { DuplicateMatch } from '@shared/customers/customers.contracts';
import { createOrderBody, orderErrorCodes } from '@shared/orders/orders.contracts';
import { Button } from '@web/components/ui/button';
import { DateField } from '@web/components/ui/date-input';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorCode } from '@web/lib/api-client';
import { useCreateOrder } from '@web/api/orders/create-order';
import { findDuplicateCustomers } from '@web/api/customers/find-duplicate-customers';
import { useJobTypes } from '@web/api/job-types/list-job-types';
import { usePartners } from '@web/api/partners/list-partners';
import { formatPence } from '@web/lib/money';
import { emptyToNull } from '@web/lib/form-values';
import { showServerError } from '@web/lib/show-server-error';
import { MoneyField, moneyError } from '@web/components/ui/money-input';
import { DuplicateCustomerDialog } from './duplicate-customer-dialog';
import { PageLayout } from '@web/components/page-layout';

type FormInput = z.input<typeof createOrderBody>;
type FormOutput = z.output<typeof createOrderBody>;

/** Every field the server may name in `details`, as the form's paths. */
const formFields = [
  'partnerId',
  'partnerReference',
  'jobTypeId',
  'pricePence',
  'payoutPence',
  'requestedDate',
  'notes',
  'customer',
  'customer.firstName',
  'customer.lastName',
  'customer.email',
  'customer.phone',
  'customer.address.line1',
  'customer.address.line2',
  'customer.address.town',
  'customer.address.county',
  'customer.address.postcode',
  'customer.notes',
] as const;

const emptyForm: FormInput = {
  partnerId: '',
  partnerReference: null,
  jobTypeId: '',
  requestedDate: null,
  notes: null,
  customerSuppliesKit: false,
  allowDuplicateCustomer: false,
  customer: {
    firstName: '',
    lastName: '',
    email: null,
    phone: null,
    address: { line1: '', line2: null, town: '', county: null, postcode: '' },
    notes: null,
  },
};

/** /orders/new (back office): a new order, with the duplicate-customer check before creating. */
export default function CreateOrderPage() {
  const [, navigate] = useLocation();
  const partners = usePartners();
  const jobTypes = useJobTypes();
  const createOrder = useCreateOrder();
  const [pending, setPending] = useState<{ body: FormOutput; matches: DuplicateMatch[] } | null>(
    null,
  );
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createOrderBody),
    defaultValues: emptyForm,
  });
  const jobTypeId = useWatch({ control, name: 'jobTypeId' });
  const jobType = jobTypes.data?.items.find((j) => j.id === jobTypeId);
  const customerErrors = errors.customer;
  const addressErrors = customerErrors?.address;

  async function submit(body: FormOutput) {
    try {
      const order = await createOrder.mutateAsync(body);
      setPending(null);
      toast({ title: 'Order created', description: `${order.orderNumber} was created.` });
      navigate(`/orders/${order.id}`);
    } catch (error) {
      if (errorCode(error) === orderErrorCodes.duplicateCustomer && body.customer) {
        // Someone added a matching customer since the check: show them.
        const { matches } = await lookUp(body);
        if (matches.length > 0) {
          setPending({ body, matches });
          return;
        }
      }
      setPending(null);
      showServerError(error, {
        title: 'Could not create the order',
        setError,
        fields: formFields,
      });
    }
  }

  function lookUp(body: FormOutput) {
    const c = body.customer!;
    return findDuplicateCustomers({
      email: c.email ?? undefined,
      phone: c.phone ?? undefined,
      firstName: c.firstName,
      lastName: c.lastName,
      postcode: c.address.postcode,
    });
  }

  const handleCreate = handleSubmit(async (body) => {
    try {
      const { matches } = await lookUp(body);
      if (matches.length > 0) {
        setPending({ body, matches });
        return;
      }
    } catch (error) {
      showServerError(error, { title: 'Could not check for an existing customer' });
      return;
    }
    await submit(body);
  });

  return (
    <PageLayout width="medium">
      <Link
        href="/orders"
        className="inline-flex w-fit items-center gap-1 text-sm text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Orders
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">New order</h1>

      <form onSubmit={handleCreate} noValidate className="grid gap-4">
        <Card>
          <CardHeader>
            <h2 className="text-base font-semibold">Order</h2>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <FormField required label="Partner" error={errors.partnerId && 'Choose a partner'}>
              {(field) => (
                <Select {...field} {...register('partnerId')}>
                  <option value="">Choose a partner</option>
                  {partners.data?.items
                    .filter((p) => p.active)
                    .map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                </Select>
              )}
            </FormField>
            <FormField label="Partner reference" error={errors.partnerReference?.message}>
              {(field) => (
                <Input {...field} {...register('partnerReference', { setValueAs: emptyToNull })} />
              )}
            </FormField>
            <FormField
              required
              label="Job type"
              error={errors.jobTypeId && 'Choose a job type'}
              description={
                jobType
                  ? `Defaults: ${formatPence(jobType.defaultPricePence ?? 0)} price, ${formatPence(jobType.defaultPayoutPence)} payout.`
                  : undefined
              }
            >
              {(field) => (
                <Select
                  {...field}
                  {...register('jobTypeId', {
                    onChange: (event: { target: { value: string } }) => {
                      const chosen = jobTypes.data?.items.find((j) => j.id === event.target.value);
                      if (!chosen) return;
                      setValue('pricePence', chosen.defaultPricePence ?? 0);
                      setValue('payoutPence', chosen.defaultPayoutPence);
                    },
                  })}
                >
                  <option value="">Choose a job type</option>
                  {jobTypes.data?.items
                    .filter((j) => j.active)
                    .map((j) => (
                      <option key={j.id} value={j.id}>
                        {j.name}
                      </option>
                    ))}
                </Select>
              )}
            </FormField>
            <DateField
              control={control}
              name="requestedDate"
              label="Requested date"
              error={errors.requestedDate?.message}
            />
            <MoneyField
              control={control}
              name="pricePence"
              label="Price to partner"
              error={errors.pricePence && moneyError}
            />
            <MoneyField
              control={control}
              name="payoutPence"
              label="Payout to contractor"
              error={errors.payoutPence && moneyError}
            />
            <FormField label="Notes" error={errors.notes?.message} className="sm:col-span-2">
              {(field) => (
                <Textarea {...field} rows={3} {...register('notes', { setValueAs: emptyToNull })} />
              )}
            </FormField>
            <div className="flex items-center gap-2 sm:col-span-2">
              <Controller
                control={control}
                name="customerSuppliesKit"
                render={({ field }) => (
                  <Checkbox
                    id="customer-supplies-kit"
                    checked={field.value ?? false}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                  />
                )}
              />
              <Label htmlFor="customer-supplies-kit">The customer supplies the kit</Label>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <h2 className="text-base font-semibold">Customer</h2>
            <CardDescription>
              Fields marked * are required. An email address or a phone number is needed; phones are
              UK numbers.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <FormField required label="First name" error={customerErrors?.firstName?.message}>
              {(field) => (
                <Input {...field} autoComplete="off" {...register('customer.firstName')} />
              )}
            </FormField>
            <FormField required label="Last name" error={customerErrors?.lastName?.message}>
              {(field) => (
                <Input {...field} autoComplete="off" {...register('customer.lastName')} />
              )}
            </FormField>
            <FormField label="Email" error={customerErrors?.email?.message}>
              {(field) => (
                <Input
                  {...field}
                  type="email"
                  autoComplete="off"
                  {...register('customer.email', { setValueAs: emptyToNull })}
                />
              )}
            </FormField>
            <FormField label="Phone" error={customerErrors?.phone?.message}>
              {(field) => (
                <Input
                  {...field}
                  type="tel"
                  autoComplete="off"
                  {...register('customer.phone', { setValueAs: emptyToNull })}
                />
              )}
            </FormField>
            <FormField
              required
              label="Address line 1"
              error={addressErrors?.line1?.message}
              className="sm:col-span-2"
            >
              {(field) => <Input {...field} {...register('customer.address.line1')} />}
            </FormField>
            <FormField
              label="Address line 2"
              error={addressErrors?.line2?.message}
              className="sm:col-span-2"
            >
              {(field) => (
                <Input
                  {...field}
                  {...register('customer.address.line2', { setValueAs: emptyToNull })}
                />
              )}
            </FormField>
            <FormField required label="Town" error={addressErrors?.town?.message}>
              {(field) => <Input {...field} {...register('customer.address.town')} />}
            </FormField>
            <FormField label="County" error={addressErrors?.county?.message}>
              {(field) => (
                <Input
                  {...field}
                  {...register('customer.address.county', { setValueAs: emptyToNull })}
                />
              )}
            </FormField>
            <FormField
              required
              label="Postcode"
              error={addressErrors?.postcode?.message}
              description="A UK postcode, such as EX1 1AA."
            >
              {(field) => (
                <Input
                  {...field}
                  autoComplete="off"
                  className="uppercase"
                  {...register('customer.address.postcode')}
                />
              )}
            </FormField>
            <FormField
              label="Customer notes"
              error={customerErrors?.notes?.message}
              className="sm:col-span-2"
            >
              {(field) => (
                <Textarea
                  {...field}
                  rows={2}
                  {...register('customer.notes', { setValueAs: emptyToNull })}
                />
              )}
            </FormField>
          </CardContent>
        </Card>

        <div className="flex justify-end gap-2">
          <Button variant="outline" asChild>
            <Link href="/orders">Cancel</Link>
          </Button>
          <Button type="submit" disabled={isSubmitting || createOrder.isPending}>
            Create order
          </Button>
        </div>
      </form>

      <DuplicateCustomerDialog
        matches={pending?.matches ?? []}
        open={pending !== null}
        busy={createOrder.isPending}
        onOpenChange={(open) => !open && setPending(null)}
        onUseExisting={(customerId) => {
          if (!pending) return;
          const { customer: _customer, ...rest } = pending.body;
          void submit({ ...rest, customerId, allowDuplicateCustomer: false });
        }}
        onCreateNew={() => {
          if (!pending) return;
          void submit({ ...pending.body, allowDuplicateCustomer: true });
        }}
      />
    </PageLayout>
  );
}
