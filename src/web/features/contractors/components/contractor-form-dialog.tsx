import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  createContractorBody,
  type ContractorDetail,
  type CreateContractorBody,
} from '@shared/contractors/contractors.contracts';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
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
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { useCreateContractor } from '@web/api/contractors/create-contractor';
import { useJobTypes } from '@web/api/job-types/list-job-types';
import { useUpdateContractor } from '@web/api/contractors/update-contractor';
import { splitCoverage } from '../lib/format';
import { formatPence, penceToPounds } from '@web/lib/money';
import { showServerError } from '@web/lib/show-server-error';
import { MoneyInput, moneyError } from '@web/components/ui/money-input';

/** What the form edits: coverage as text, rates keyed by job type. */
type FormValues = {
  name: string;
  companyNumber: string;
  vatNumber: string;
  contactEmail: string;
  contactPhone: string;
  line1: string;
  line2: string;
  town: string;
  county: string;
  postcode: string;
  coverage: string;
  rates: Record<string, number | undefined>;
  active: boolean;
};

/** Where a body path's error goes on the form. */
function formPath(path: string): keyof FormValues | `rates.${string}` {
  if (path.startsWith('address.')) return path.slice('address.'.length) as keyof FormValues;
  if (path.startsWith('coverageAreas')) return 'coverage';
  if (path.startsWith('rates')) return 'rates';
  return path as keyof FormValues;
}

function toBody(values: FormValues): CreateContractorBody {
  const blank = (v: string) => (v.trim() === '' ? null : v);
  const hasAddress = [values.line1, values.town, values.postcode].some((v) => v.trim() !== '');
  return {
    name: values.name,
    companyNumber: blank(values.companyNumber),
    vatNumber: blank(values.vatNumber),
    contactEmail: values.contactEmail,
    contactPhone: blank(values.contactPhone),
    address: hasAddress
      ? {
          line1: values.line1,
          line2: blank(values.line2),
          town: values.town,
          county: blank(values.county),
          postcode: values.postcode,
        }
      : null,
    coverageAreas: splitCoverage(values.coverage),
    rates: Object.entries(values.rates)
      .filter(([, pence]) => pence !== undefined)
      .map(([jobTypeId, pence]) => ({ jobTypeId, payoutPence: pence as number })),
    active: values.active,
  };
}

function fromContractor(c: ContractorDetail | null): FormValues {
  return {
    name: c?.name ?? '',
    companyNumber: c?.companyNumber ?? '',
    vatNumber: c?.vatNumber ?? '',
    contactEmail: c?.contactEmail ?? '',
    contactPhone: c?.contactPhone ?? '',
    line1: c?.address?.line1 ?? '',
    line2: c?.address?.line2 ?? '',
    town: c?.address?.town ?? '',
    county: c?.address?.county ?? '',
    postcode: c?.address?.postcode ?? '',
    coverage: c?.coverageAreas.join(', ') ?? '',
    rates: Object.fromEntries(c?.rates.map((r) => [r.jobTypeId, r.payoutPence]) ?? []),
    active: c?.active ?? true,
  };
}

/** Create a contractor company, or edit one: details, coverage, rates and the active flag. */
export function ContractorFormDialog({
  contractor,
  open,
  onOpenChange,
  onCreated,
}: {
  contractor: ContractorDetail | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (contractor: ContractorDetail) => void;
}) {
  const jobTypes = useJobTypes();
  const create = useCreateContractor();
  const update = useUpdateContractor(contractor?.id ?? '');
  const [ratesError, setRatesError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ values: fromContractor(contractor) });

  const handleSave = handleSubmit(async (values) => {
    setRatesError(null);
    const body = toBody(values);
    // The shared contract checks the same rules the server will.
    const parsed = createContractorBody.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (path.startsWith('rates'))
          setRatesError(path.endsWith('payoutPence') ? `Rates: ${moneyError}` : issue.message);
        else setError(formPath(path) as keyof FormValues, { message: issue.message });
      }
      return;
    }
    try {
      if (contractor) {
        await update.mutateAsync(body);
        toast({ title: 'Contractor saved', description: `${values.name} updated.` });
      } else {
        const created = await create.mutateAsync(body);
        toast({ title: 'Contractor created', description: `${created.name} was added.` });
        onCreated?.(created);
      }
      onOpenChange(false);
    } catch (error) {
      showServerError<FormValues>(error, {
        title: contractor ? 'Could not save the contractor' : 'Could not create the contractor',
        setError: (name, err) => {
          const target = formPath(String(name));
          if (String(target).startsWith('rates')) setRatesError(err.message ?? null);
          else setError(target as keyof FormValues, err);
        },
        fields: [
          'name',
          'companyNumber',
          'vatNumber',
          'contactEmail',
          'contactPhone',
          'address.line1',
          'address.line2',
          'address.town',
          'address.county',
          'address.postcode',
          'coverageAreas',
          'rates',
        ],
      });
    }
  });

  const activeJobTypes = (jobTypes.data?.items ?? []).filter(
    (j) => j.active || contractor?.rates.some((r) => r.jobTypeId === j.id),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <form onSubmit={handleSave} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{contractor ? `Edit ${contractor.name}` : 'New contractor'}</DialogTitle>
            <DialogDescription>
              The company, where it works and what it is paid per job type.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Company name" error={errors.name?.message} className="sm:col-span-2">
              {(field) => <Input {...field} {...register('name')} />}
            </FormField>
            <FormField label="Company number" error={errors.companyNumber?.message}>
              {(field) => <Input {...field} {...register('companyNumber')} />}
            </FormField>
            <FormField label="VAT number" error={errors.vatNumber?.message}>
              {(field) => <Input {...field} {...register('vatNumber')} />}
            </FormField>
            <FormField label="Contact email" error={errors.contactEmail?.message}>
              {(field) => <Input {...field} type="email" {...register('contactEmail')} />}
            </FormField>
            <FormField label="Contact phone" error={errors.contactPhone?.message}>
              {(field) => <Input {...field} type="tel" {...register('contactPhone')} />}
            </FormField>
            <FormField label="Address line 1" error={errors.line1?.message}>
              {(field) => <Input {...field} {...register('line1')} />}
            </FormField>
            <FormField label="Address line 2" error={errors.line2?.message}>
              {(field) => <Input {...field} {...register('line2')} />}
            </FormField>
            <FormField label="Town" error={errors.town?.message}>
              {(field) => <Input {...field} {...register('town')} />}
            </FormField>
            <FormField label="County" error={errors.county?.message}>
              {(field) => <Input {...field} {...register('county')} />}
            </FormField>
            <FormField label="Postcode" error={errors.postcode?.message}>
              {(field) => <Input {...field} className="uppercase" {...register('postcode')} />}
            </FormField>
            <FormField
              label="Coverage"
              error={errors.coverage?.message}
              description="Postcode areas or districts, separated by commas: EX, TR, PL12."
              className="sm:col-span-2"
            >
              {(field) => <Input {...field} className="uppercase" {...register('coverage')} />}
            </FormField>
          </div>

          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium text-slate-800">Payout rates</legend>
            <p className="text-xs text-slate-500">
              Leave a rate empty to use the job type’s default payout.
            </p>
            {ratesError && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {ratesError}
              </p>
            )}
            <div className="grid gap-2 sm:grid-cols-2">
              {activeJobTypes.map((j) => (
                <Controller
                  key={j.id}
                  control={control}
                  name={`rates.${j.id}`}
                  render={({ field, fieldState }) => (
                    <FormField
                      label={j.name}
                      description={`Default ${formatPence(j.defaultPayoutPence)}`}
                      error={fieldState.error ? moneyError : undefined}
                    >
                      {(props) => (
                        <MoneyInput
                          {...props}
                          placeholder={penceToPounds(j.defaultPayoutPence)}
                          value={field.value}
                          onChange={field.onChange}
                        />
                      )}
                    </FormField>
                  )}
                />
              ))}
            </div>
          </fieldset>

          <div className="flex items-center gap-2">
            <Controller
              control={control}
              name="active"
              render={({ field }) => (
                <Checkbox
                  id="contractor-active"
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
              )}
            />
            <Label htmlFor="contractor-active">Active (can be offered orders)</Label>
          </div>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Back
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {contractor ? 'Save' : 'Create contractor'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
