import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { putKitBody } from '@shared/stock/stock.contracts';
import { useJobTypes } from '@web/api/job-types/list-job-types';
import { useJobTypeKit, useSaveJobTypeKit, type PutKitBody } from '@web/api/stock/job-type-kit';
import { useProducts } from '@web/api/stock/products';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { errorMessage } from '@web/lib/api-client';
import { bodyResolver } from '@web/lib/body-resolver';

type KitValues = { items: { productId: string; quantity: string }[] };

const resolver = bodyResolver(putKitBody, (values: KitValues) => ({
  items: values.items.map((item) => ({
    productId: item.productId,
    quantity: item.quantity.trim() === '' ? Number.NaN : Number(item.quantity),
  })),
}));

function KitForm({ jobTypeId, initial }: { jobTypeId: string; initial: KitValues }) {
  const products = useProducts();
  const save = useSaveJobTypeKit(jobTypeId);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<KitValues, unknown, PutKitBody>({ resolver, defaultValues: initial });
  const lines = useFieldArray({ control, name: 'items' });

  const submit = handleSubmit((body) => {
    setDone(null);
    setFailure(null);
    save.mutate(body, {
      onSuccess: (kit) =>
        setDone(
          kit.items.length === 0
            ? 'Kit saved: the job type needs no stock.'
            : `Kit saved: ${kit.items.map((i) => `${i.quantity} × ${i.sku}`).join(', ')}.`,
        ),
      onError: setFailure,
    });
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      {lines.fields.length === 0 && (
        <p className="text-sm text-slate-600">No kit listed for this job type.</p>
      )}
      {lines.fields.map((line, index) => (
        <div
          key={line.id}
          className="grid grid-cols-[1fr_5rem] items-start gap-2 sm:grid-cols-[1fr_6rem_auto]"
        >
          <FormField
            label={`Product ${index + 1}`}
            error={errors.items?.[index]?.productId ? 'Choose a product' : undefined}
          >
            {(field) => (
              <Select {...field} {...register(`items.${index}.productId`)}>
                <option value="">Choose…</option>
                {(products.data?.items ?? []).map((product) => (
                  <option key={product.id} value={product.id}>
                    {product.sku} · {product.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField
            label={`Quantity ${index + 1}`}
            error={errors.items?.[index]?.quantity ? 'Enter 1 to 100' : undefined}
          >
            {(field) => (
              <Input {...field} inputMode="numeric" {...register(`items.${index}.quantity`)} />
            )}
          </FormField>
          <Button
            type="button"
            variant="outline"
            className="col-span-2 sm:col-span-1 sm:mt-6"
            onClick={() => lines.remove(index)}
          >
            Remove line {index + 1}
          </Button>
        </div>
      ))}
      {errors.items?.message && (
        <p role="alert" className="text-sm text-red-700">
          {errors.items.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => lines.append({ productId: '', quantity: '1' })}
        >
          Add a line
        </Button>
        <Button type="submit" disabled={save.isPending}>
          Save kit
        </Button>
      </div>
      {done && (
        <p role="status" className="text-sm text-emerald-800">
          {done}
        </p>
      )}
      {failure !== null && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(failure, 'Could not save the kit')}
        </p>
      )}
    </form>
  );
}

/** The kit each job type needs: products and quantities, allocated to its orders. */
export function InventoryKitEditor() {
  const jobTypes = useJobTypes();
  const [jobTypeId, setJobTypeId] = useState('');
  const kit = useJobTypeKit(jobTypeId);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Kit per job type</h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormField label="Job type" className="max-w-md">
          {(field) => (
            <Select {...field} value={jobTypeId} onChange={(e) => setJobTypeId(e.target.value)}>
              <option value="">Choose a job type…</option>
              {(jobTypes.data?.items ?? []).map((jobType) => (
                <option key={jobType.id} value={jobType.id}>
                  {jobType.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {jobTypeId !== '' &&
          (kit.isPending ? (
            <p className="text-sm text-slate-600">Loading…</p>
          ) : kit.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(kit.error, 'Could not load the kit')}
            </p>
          ) : (
            <KitForm
              key={jobTypeId}
              jobTypeId={jobTypeId}
              initial={{
                items: kit.data.items.map((item) => ({
                  productId: item.productId,
                  quantity: String(item.quantity),
                })),
              }}
            />
          ))}
      </CardContent>
    </Card>
  );
}
