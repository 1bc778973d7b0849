import { useForm } from 'react-hook-form';
import {
  xeroInvoiceStatuses,
  xeroSettingsSchema,
  type XeroOptions,
  type XeroSettings,
} from '@shared/xero/xero.contracts';
import { useSaveXeroSettings } from '@web/api/xero/save-settings';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { bodyResolver } from '@web/lib/body-resolver';
import { SaveOutcome, useFormSave } from '@web/lib/use-form-save';

type Values = {
  salesAccountCode: string;
  salesTaxType: string;
  purchaseAccountCode: string;
  purchaseTaxType: string;
  invoiceStatus: string;
  dueDays: string;
};
const fields = [
  'salesAccountCode',
  'salesTaxType',
  'purchaseAccountCode',
  'purchaseTaxType',
  'invoiceStatus',
  'dueDays',
] as const;
const resolver = bodyResolver(xeroSettingsSchema, (values: Values) => ({
  ...values,
  dueDays: values.dueDays.trim() === '' ? undefined : values.dueDays,
}));

const statusWords: Record<(typeof xeroInvoiceStatuses)[number], string> = {
  DRAFT: 'Draft (someone approves each in Xero)',
  AUTHORISED: 'Approved (ready to send and pay)',
};

/** Account codes and tax rates from the organisation, invoice status and due days. */
export function SettingsForm({
  initial,
  options,
}: {
  initial: XeroSettings | null;
  options: XeroOptions;
}) {
  const mutation = useSaveXeroSettings();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, XeroSettings>({
    resolver,
    defaultValues: {
      salesAccountCode: initial?.salesAccountCode ?? '',
      salesTaxType: initial?.salesTaxType ?? '',
      purchaseAccountCode: initial?.purchaseAccountCode ?? '',
      purchaseTaxType: initial?.purchaseTaxType ?? '',
      invoiceStatus: initial?.invoiceStatus ?? 'DRAFT',
      dueDays: String(initial?.dueDays ?? 30),
    },
  });
  const { save, saved, failure, invalid } = useFormSave(mutation, setError, fields);
  const accounts = options.accounts.map((account) => (
    <option key={account.code} value={account.code}>
      {account.code} · {account.name}
    </option>
  ));
  const taxRates = options.taxRates.map((rate) => (
    <option key={rate.taxType} value={rate.taxType}>
      {rate.name}
    </option>
  ));
  const choose = <option value="">Choose…</option>;
  return (
    <form onSubmit={handleSubmit(save, invalid)} className="grid gap-4 md:grid-cols-2" noValidate>
      <FormField label="Sales account" error={errors.salesAccountCode?.message} required>
        {(field) => (
          <Select {...field} {...register('salesAccountCode')}>
            {choose}
            {accounts}
          </Select>
        )}
      </FormField>
      <FormField label="Tax rate on sales" error={errors.salesTaxType?.message} required>
        {(field) => (
          <Select {...field} {...register('salesTaxType')}>
            {choose}
            {taxRates}
          </Select>
        )}
      </FormField>
      <FormField label="Purchases account" error={errors.purchaseAccountCode?.message} required>
        {(field) => (
          <Select {...field} {...register('purchaseAccountCode')}>
            {choose}
            {accounts}
          </Select>
        )}
      </FormField>
      <FormField label="Tax rate on purchases" error={errors.purchaseTaxType?.message} required>
        {(field) => (
          <Select {...field} {...register('purchaseTaxType')}>
            {choose}
            {taxRates}
          </Select>
        )}
      </FormField>
      <FormField
        label="Invoice status"
        description="How invoices and bills arrive in Xero."
        error={errors.invoiceStatus?.message}
      >
        {(field) => (
          <Select {...field} {...register('invoiceStatus')}>
            {xeroInvoiceStatuses.map((status) => (
              <option key={status} value={status}>
                {statusWords[status]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField
        label="Due after (days)"
        description="From the day the order was completed, 0 to 120."
        error={errors.dueDays?.message}
      >
        {(field) => <Input {...field} inputMode="numeric" {...register('dueDays')} />}
      </FormField>
      <div className="flex flex-wrap items-center gap-3 md:col-span-2">
        <Button type="submit" disabled={mutation.isPending}>
          Save settings
        </Button>
        <SaveOutcome
          saved={saved}
          failure={failure}
          savedText="Settings saved."
          failureText="Could not save the settings"
        />
      </div>
    </form>
  );
}
