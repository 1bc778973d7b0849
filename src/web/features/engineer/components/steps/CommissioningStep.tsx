import { useState, type FormEvent } from 'react';
import {
  commissioningBody,
  commissioningBreaches,
  defaultCommissioningThresholds,
} from '@shared/visits/visit-record';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { Input } from '../../../../components/ui/input';
import { Textarea } from '../../../../components/ui/textarea';
import { fieldErrors, toNumber } from '../../lib/form-errors';
import { readThresholds } from '../../offline/sync';
import type { StepProps } from './step-props';

const numberFields = [
  ['obstructionPercent', 'Obstruction (%)'],
  ['downloadMbps', 'Download (Mbit/s)'],
  ['uploadMbps', 'Upload (Mbit/s)'],
  ['latencyMs', 'Latency (ms)'],
] as const;

export function CommissioningStep({ view, actions, go }: StepProps) {
  const saved = view.local.commissioning ?? view.visit.record.commissioning;
  const thresholds = readThresholds() ?? defaultCommissioningThresholds;
  const [values, setValues] = useState({
    dishId: saved?.dishId ?? '',
    routerId: saved?.routerId ?? '',
    obstructionPercent: saved ? String(saved.obstructionPercent) : '',
    downloadMbps: saved ? String(saved.downloadMbps) : '',
    uploadMbps: saved ? String(saved.uploadMbps) : '',
    latencyMs: saved ? String(saved.latencyMs) : '',
    thresholdReason: saved?.thresholdReason ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const readings = {
    obstructionPercent: toNumber(values.obstructionPercent),
    downloadMbps: toNumber(values.downloadMbps),
    uploadMbps: toNumber(values.uploadMbps),
    latencyMs: toNumber(values.latencyMs),
  };
  const complete = Object.values(readings).every((n) => Number.isFinite(n));
  const breaches = complete ? commissioningBreaches(readings, thresholds) : [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = commissioningBody.safeParse({
      dishId: values.dishId,
      routerId: values.routerId,
      ...readings,
      thresholdReason: values.thresholdReason.trim() ? values.thresholdReason : undefined,
      testedAt: new Date().toISOString(),
    });
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (parsed.success && breaches.length > 0 && !parsed.data.thresholdReason) {
      found.thresholdReason = 'Give a reason to go on with readings outside the thresholds';
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    await actions.saveCommissioning(view.visit.id, parsed.data);
    go('sign-off');
  }

  const set = (name: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <FormField label="Dish ID" required error={errors.dishId}>
        {(field) => (
          <Input
            {...field}
            autoComplete="off"
            value={values.dishId}
            onChange={(e) => set('dishId')(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Router ID" required error={errors.routerId}>
        {(field) => (
          <Input
            {...field}
            autoComplete="off"
            value={values.routerId}
            onChange={(e) => set('routerId')(e.target.value)}
          />
        )}
      </FormField>
      <p className="text-sm text-slate-700">
        Thresholds: download at least {thresholds.minDownloadMbps} Mbit/s, upload at least{' '}
        {thresholds.minUploadMbps} Mbit/s, latency at most {thresholds.maxLatencyMs} ms, obstruction
        at most {thresholds.maxObstructionPercent}%.
      </p>
      <div className="grid grid-cols-2 gap-3">
        {numberFields.map(([name, label]) => (
          <FormField key={name} label={label} required error={errors[name]}>
            {(field) => (
              <Input
                {...field}
                inputMode="decimal"
                value={values[name]}
                onChange={(e) => set(name)(e.target.value)}
              />
            )}
          </FormField>
        ))}
      </div>
      {breaches.length > 0 && (
        <>
          <div
            role="alert"
            className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950"
          >
            Outside the thresholds: {breaches.join('; ')}.
          </div>
          <FormField label="Reason to go on" required error={errors.thresholdReason}>
            {(field) => (
              <Textarea
                {...field}
                rows={2}
                value={values.thresholdReason}
                onChange={(e) => set('thresholdReason')(e.target.value)}
              />
            )}
          </FormField>
        </>
      )}
      <Button type="submit" className="justify-self-start">
        Save and continue
      </Button>
    </form>
  );
}
