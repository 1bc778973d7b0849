import { Plus, ScanLine, Trash2 } from 'lucide-react';
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
type OtherItem = { label: string; serial: string };
const maxOtherItems = 10;

/** The schema's messages for the other items, keyed `others.<row>.<label|serial>`. */
function otherItemErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.path[0] !== 'others' || issue.path.length !== 3) continue;
    errors[issue.path.join('.')] ??= issue.message;
  }
  return errors;
}

export function SerialsStep({ view, actions, go }: StepProps) {
  const saved = view.local.serials ?? view.visit.record.serials;
  const [values, setValues] = useState({
    dish: saved?.dish ?? '',
    router: saved?.router ?? '',
    mismatchReason: saved?.mismatchReason ?? '',
  });
  const [others, setOthers] = useState<OtherItem[]>(saved?.others ?? []);
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
      others,
      mismatchReason: values.mismatchReason.trim() ? values.mismatchReason : undefined,
    });
    const found = parsed.success
      ? {}
      : { ...fieldErrors(parsed.error), ...otherItemErrors(parsed.error.issues) };
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

  const setOther = (index: number, change: Partial<OtherItem>) =>
    setOthers((items) => items.map((item, i) => (i === index ? { ...item, ...change } : item)));

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      {field('dish', 'Dish serial')}
      {field('router', 'Router serial')}
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-slate-900">
          Other items fitted (power supply, mount, cable kit…)
        </legend>
        {others.map((item, index) => (
          <div key={index} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
            <FormField label={`Item ${index + 1}`} error={errors[`others.${index}.label`]}>
              {(control) => (
                <Input
                  {...control}
                  value={item.label}
                  placeholder="Power supply"
                  onChange={(e) => setOther(index, { label: e.target.value })}
                />
              )}
            </FormField>
            <FormField label={`Item ${index + 1} serial`} error={errors[`others.${index}.serial`]}>
              {(control) => (
                <Input
                  {...control}
                  autoCapitalize="characters"
                  autoComplete="off"
                  value={item.serial}
                  onChange={(e) => setOther(index, { serial: e.target.value })}
                />
              )}
            </FormField>
            <Button
              type="button"
              variant="outline"
              size="icon"
              className="mt-6"
              aria-label={`Remove item ${index + 1}`}
              onClick={() => setOthers((items) => items.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        {others.length < maxOtherItems && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => setOthers((items) => [...items, { label: '', serial: '' }])}
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
