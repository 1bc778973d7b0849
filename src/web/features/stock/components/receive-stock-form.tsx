import { useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { stockErrorCodes } from '@shared/error-codes';
import { receiveBody, stockLabels, type ReceiveBody } from '@shared/stock/stock.contracts';
import { useLocations } from '@web/api/stock/locations';
import { useProducts } from '@web/api/stock/products';
import { useReceiveStock, type Batch } from '@web/api/stock/receive';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { errorCode, errorMessage } from '@web/lib/api-client';
import { placeServerDetails } from '@web/lib/show-server-error';

type ReceiveValues = {
  productId: string;
  locationId: string;
  supplier: string;
  deliveryNote: string;
  quantity: string;
  serials: string;
};
type Field = keyof ReceiveValues;

const blank: ReceiveValues = {
  productId: '',
  locationId: '',
  supplier: '',
  deliveryNote: '',
  quantity: '',
  serials: '',
};

/** Where an issue of the body's schema goes on the form: `lines.0.quantity` → quantity. */
function fieldOf(path: PropertyKey[]): Field {
  const last = String(path.at(-1));
  return (
    ['productId', 'locationId', 'supplier', 'deliveryNote', 'quantity', 'serials'].includes(last)
      ? last
      : 'productId'
  ) as Field;
}

function receivedText(batch: Batch, sku: string, location: string) {
  const serials = batch.movements.filter((m) => m.serial).length;
  const units = batch.movements.reduce((sum, m) => sum + m.quantity, 0);
  return serials > 0
    ? `Received ${serials} serial${serials === 1 ? '' : 's'} of SKU ${sku} at ${location}.`
    : `Received ${units} of SKU ${sku} at ${location}.`;
}

/**
 * Goods in: a product at a location with supplier and delivery note; a quantity for a counted
 * product, a pasted or uploaded list of serials (one a line, or CSV) for a serialised one.
 */
export function ReceiveStockForm() {
  const products = useProducts();
  const locations = useLocations();
  const receive = useReceiveStock();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    control,
    reset,
    getValues,
    formState: { errors },
  } = useForm<ReceiveValues>({ defaultValues: blank });
  const productId = useWatch({ control, name: 'productId' });
  const product = (products.data?.items ?? []).find((p) => p.id === productId);
  const tracked = product?.trackedBySerial ?? false;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setValue('serials', await file.text(), { shouldValidate: false });
    event.target.value = '';
  };

  const submit = handleSubmit((values) => {
    setDone(null);
    setFailure(null);
    const line = tracked
      ? { productId: values.productId, serials: values.serials.trim() || undefined }
      : {
          productId: values.productId,
          quantity: values.quantity.trim() === '' ? undefined : Number(values.quantity),
        };
    const body: ReceiveBody = {
      locationId: values.locationId,
      supplier: values.supplier,
      deliveryNote: values.deliveryNote,
      lines: [line],
    };
    const parsed = receiveBody.safeParse(body);
    const problems: [Field, string][] = parsed.success
      ? []
      : parsed.error.issues.map((issue) => [
          fieldOf(issue.path),
          issue.path.at(-1) === 'productId'
            ? 'Choose a product'
            : issue.path.at(-1) === 'locationId'
              ? 'Choose a location'
              : issue.path.at(-1) === 'quantity'
                ? 'Enter a whole number from 1 to 100000'
                : issue.message,
        ]);
    if (product && !tracked && line.quantity === undefined)
      problems.push(['quantity', 'Give a quantity']);
    if (product && tracked && !values.serials.trim())
      problems.push(['serials', 'List the serials, one a line']);
    if (problems.length > 0) {
      for (const [field, message] of problems) setError(field, { message });
      return;
    }
    const sku = product!.sku;
    const location = locations.data?.items.find((l) => l.id === values.locationId)?.label ?? '';
    receive.mutate(body, {
      onSuccess: (batch) => {
        reset({ ...blank, productId: getValues('productId'), locationId: values.locationId });
        setDone(receivedText(batch, sku, location));
      },
      onError: (error) => {
        // Repeats and serials already known are refused by name: shown on the list itself.
        if (errorCode(error) === stockErrorCodes.serialsRefused) {
          setError('serials', { message: errorMessage(error, 'Serials refused') });
          return;
        }
        if (!placeServerDetails(error, setError, ['quantity', 'serials', 'supplier']).placed)
          setFailure(error);
      },
    });
  });

  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Receive stock</h2>
      </CardHeader>
      <CardContent>
        <form
          aria-label="Receive stock"
          onSubmit={submit}
          noValidate
          className="grid gap-4 sm:grid-cols-2"
        >
          <FormField label="Product" required error={errors.productId?.message}>
            {(field) => (
              <Select
                {...field}
                // A refusal of the last product's list is no longer about this one.
                {...register('productId', { onChange: () => clearErrors() })}
              >
                <option value="">Choose a product…</option>
                {(products.data?.items ?? [])
                  .filter((p) => p.active)
                  .map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.sku} · {p.name}
                    </option>
                  ))}
              </Select>
            )}
          </FormField>
          <FormField label="Location" required error={errors.locationId?.message}>
            {(field) => (
              <Select {...field} {...register('locationId')}>
                <option value="">Choose a location…</option>
                {(locations.data?.items ?? [])
                  .filter((l) => l.active)
                  .map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.label}
                    </option>
                  ))}
              </Select>
            )}
          </FormField>
          <FormField label="Supplier" required error={errors.supplier?.message}>
            {(field) => <Input {...field} {...register('supplier')} />}
          </FormField>
          <FormField label="Delivery note" required error={errors.deliveryNote?.message}>
            {(field) => <Input {...field} {...register('deliveryNote')} />}
          </FormField>
          {tracked ? (
            <>
              <FormField
                label="Serials"
                required
                description={`SKU ${product!.sku} is ${stockLabels.trackedBySerial.toLowerCase()}: one serial a line, or comma-separated (CSV).`}
                error={errors.serials?.message}
                className="sm:col-span-2"
              >
                {(field) => (
                  <Textarea {...field} rows={6} className="font-mono" {...register('serials')} />
                )}
              </FormField>
              <FormField label="Or upload a CSV file" className="sm:col-span-2">
                {(field) => (
                  <Input
                    {...field}
                    type="file"
                    accept=".csv,.txt,text/csv,text/plain"
                    onChange={(event) => void upload(event)}
                  />
                )}
              </FormField>
            </>
          ) : (
            <FormField label="Quantity" required error={errors.quantity?.message}>
              {(field) => <Input {...field} inputMode="numeric" {...register('quantity')} />}
            </FormField>
          )}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={receive.isPending}>
              Receive
            </Button>
          </div>
          {done && (
            <p role="status" className="text-sm text-emerald-800 sm:col-span-2">
              {done}
            </p>
          )}
          {failure !== null && (
            <p role="alert" className="text-sm text-red-700 sm:col-span-2">
              {errorMessage(failure, 'Could not receive the stock')}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
