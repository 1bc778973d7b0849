import { ScanLine } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { serialMismatches, serialsBody } from '@shared/visits/visit-record';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { Input } from '../../../../components/ui/input';
import { Textarea } from '../../../../components/ui/textarea';
import { fieldErrors } from '../../lib/form-errors';
import type { StepProps } from './step-props';

const ScannerDialog = lazy(() => import('../ScannerDialog'));

type Field = 'dish' | 'router';

export function SerialsStep({ view, actions, go }: StepProps) {
  const saved = view.local.serials ?? view.visit.record.serials;
  const [values, setValues] = useState({
    dish: saved?.dish ?? '',
    router: saved?.router ?? '',
    mismatchReason: saved?.mismatchReason ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [scanning, setScanning] = useState<Field | null>(null);
  const expected = view.visit.kitExpected;
  const mismatches =
    values.dish && values.router
      ? serialMismatches(expected, { dish: values.dish, router: values.router })
      : [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = serialsBody.safeParse({
      dish: values.dish,
      router: values.router,
      others: [],
      mismatchReason: values.mismatchReason.trim() ? values.mismatchReason : undefined,
    });
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (parsed.success && mismatches.length > 0 && !parsed.data.mismatchReason) {
      found.mismatchReason = 'Say why the serials differ from the kit sent';
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    await actions.saveSerials(view.visit.id, parsed.data);
    go('commissioning');
  }

  const field = (name: Field, label: string) => {
    const kit = expected.find((item) => item.kind === name);
    return (
      <div className="grid gap-1">
        <FormField
          label={label}
          required
          error={errors[name]}
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
                value={values[name]}
                onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
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
                setValues((v) => ({ ...v, [name]: value }));
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
        <FormField label="Why do they differ?" required error={errors.mismatchReason}>
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              value={values.mismatchReason}
              onChange={(e) => setValues((v) => ({ ...v, mismatchReason: e.target.value }))}
            />
          )}
        </FormField>
      )}
      <Button type="submit" className="justify-self-start">
        Save and continue
      </Button>
    </form>
  );
}
