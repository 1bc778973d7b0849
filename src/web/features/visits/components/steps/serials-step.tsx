import { Plus, ScanLine, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { serialMismatches, serialsBody } from '@shared/visits/visit-record';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { bodyResolver } from '@web/lib/body-resolver';
import type { StepProps } from './step-props';

const ScannerDialog = lazy(() => import('../scanner-dialog'));

type Field = 'dish' | 'router';
type Values = {
  dish: string;
  router: string;
  others: { label: string; serial: string }[];
  mismatchReason: string;
};
const maxOtherItems = 10;

const resolver = bodyResolver(serialsBody, (values: Values) => ({
  ...values,
  mismatchReason: values.mismatchReason.trim() ? values.mismatchReason : undefined,
}));

export function SerialsStep({ view, actions, go }: StepProps) {
  const saved = view.local.serials ?? view.visit.record.serials;
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof serialsBody>>({
    resolver,
    defaultValues: {
      dish: saved?.dish ?? '',
      router: saved?.router ?? '',
      others: saved?.others ?? [],
      mismatchReason: saved?.mismatchReason ?? '',
    },
  });
  const others = useFieldArray({ control, name: 'others' });
  const [scanning, setScanning] = useState<Field | null>(null);
  const expected = view.visit.kitExpected;
  const [dish, router] = useWatch({ control, name: ['dish', 'router'] });
  const mismatches = dish && router ? serialMismatches(expected, { dish, router }) : [];

  const submit = handleSubmit(async (body) => {
    if (mismatches.length > 0 && !body.mismatchReason) {
      setError('mismatchReason', {
        type: 'required',
        message: 'Say why the serials differ from the kit sent',
      });
      return;
    }
    await actions.saveSerials(view.visit.id, body);
    go('commissioning');
  });

  const field = (name: Field, label: string) => {
    const kit = expected.find((item) => item.kind === name);
    return (
      <div className="grid gap-1">
        <FormField
          label={label}
          required
          error={errors[name]?.message}
          description={
            kit?.expectedSerial
              ? `Kit sent: ${kit.expectedSerial}`
              : 'No serial known for the kit sent'
          }
        >
          {(control) => (
            <div className="flex gap-2">
              <Input
                {...control}
                autoCapitalize="characters"
                autoComplete="off"
                {...register(name)}
              />
              <Button
                type="button"
                variant="outline"
                aria-label={`Scan ${label}`}
                onClick={() => setScanning(name)}
              >
                <ScanLine aria-hidden="true" />
                Scan
              </Button>
            </div>
          )}
        </FormField>
        {scanning === name && (
          <Suspense fallback={<p className="text-sm text-slate-700">Loading the scanner…</p>}>
            <ScannerDialog
              label={label}
              onClose={() => setScanning(null)}
              onResult={(value) => {
                setValue(name, value, { shouldDirty: true });
                setScanning(null);
              }}
            />
          </Suspense>
        )}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      {field('dish', 'Dish serial')}
      {field('router', 'Router serial')}
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-slate-900">
          Other items fitted (power supply, mount, cable kit…)
        </legend>
        {others.fields.map((item, index) => (
          <div key={item.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
            <FormField label={`Item ${index + 1}`} error={errors.others?.[index]?.label?.message}>
              {(control) => (
                <Input
                  {...control}
                  placeholder="Power supply"
                  {...register(`others.${index}.label`)}
                />
              )}
            </FormField>
            <FormField
              label={`Item ${index + 1} serial`}
              error={errors.others?.[index]?.serial?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  autoCapitalize="characters"
                  autoComplete="off"
                  {...register(`others.${index}.serial`)}
                />
              )}
            </FormField>
            <Button
              type="button"
              variant="outline"
              size="icon"
              className="mt-6"
              aria-label={`Remove item ${index + 1}`}
              onClick={() => others.remove(index)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        {others.fields.length < maxOtherItems && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => others.append({ label: '', serial: '' }, { shouldFocus: false })}
          >
            <Plus aria-hidden="true" />
            Add an item
          </Button>
        )}
      </fieldset>
      {mismatches.length > 0 && (
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950"
        >
          {mismatches.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      {mismatches.length > 0 && (
        <FormField label="Why do they differ?" required error={errors.mismatchReason?.message}>
          {(control) => <Textarea {...control} rows={2} {...register('mismatchReason')} />}
        </FormField>
      )}
      <Button type="submit" className="justify-self-start">
        Save and continue
      </Button>
    </form>
  );
}
