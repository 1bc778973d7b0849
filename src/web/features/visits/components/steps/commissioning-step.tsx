import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  commissioningBody,
  commissioningBreaches,
  defaultCommissioningThresholds,
} from '@shared/visits/visit-record';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { bodyResolver } from '@web/lib/body-resolver';
import { toNumber } from '../../lib/to-number';
import { readThresholds } from '../../offline/sync';
import type { StepProps } from './step-props';

const numberFields = [
  ['obstructionPercent', 'Obstruction (%)'],
  ['downloadMbps', 'Download (Mbit/s)'],
  ['uploadMbps', 'Upload (Mbit/s)'],
  ['latencyMs', 'Latency (ms)'],
] as const;

type Values = {
  dishId: string;
  routerId: string;
  obstructionPercent: string;
  downloadMbps: string;
  uploadMbps: string;
  latencyMs: string;
  thresholdReason: string;
};

function readingsOf(values: Values) {
  return {
    obstructionPercent: toNumber(values.obstructionPercent),
    downloadMbps: toNumber(values.downloadMbps),
    uploadMbps: toNumber(values.uploadMbps),
    latencyMs: toNumber(values.latencyMs),
  };
}

const resolver = bodyResolver(commissioningBody, (values: Values) => ({
  dishId: values.dishId,
  routerId: values.routerId,
  ...readingsOf(values),
  thresholdReason: values.thresholdReason.trim() ? values.thresholdReason : undefined,
  testedAt: new Date().toISOString(),
}));

const fromSerials = 'Filled in from the serials. Change it if the app shows another ID.';

export function CommissioningStep({ view, actions, go }: StepProps) {
  const saved = view.local.commissioning ?? view.visit.record.commissioning;
  // The serials step already has the dish's and router's numbers: start from them, so the
  // engineer types each once and changes it only where the app shows another ID (issue 24).
  const serials = view.local.serials ?? view.visit.record.serials;
  const thresholds = readThresholds() ?? defaultCommissioningThresholds;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof commissioningBody>>({
    resolver,
    defaultValues: {
      dishId: saved?.dishId ?? serials?.dish ?? '',
      routerId: saved?.routerId ?? serials?.router ?? '',
      obstructionPercent: saved ? String(saved.obstructionPercent) : '',
      downloadMbps: saved ? String(saved.downloadMbps) : '',
      uploadMbps: saved ? String(saved.uploadMbps) : '',
      latencyMs: saved ? String(saved.latencyMs) : '',
      thresholdReason: saved?.thresholdReason ?? '',
    },
  });
  const readings = readingsOf(useWatch({ control }) as Values);
  const complete = Object.values(readings).every((n) => Number.isFinite(n));
  const breaches = complete ? commissioningBreaches(readings, thresholds) : [];

  const submit = handleSubmit(async (body) => {
    if (breaches.length > 0 && !body.thresholdReason) {
      setError('thresholdReason', {
        type: 'required',
        message: 'Give a reason to go on with readings outside the thresholds',
      });
      return;
    }
    await actions.saveCommissioning(view.visit.id, body);
    go('sign-off');
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <FormField
        label="Dish ID"
        required
        error={errors.dishId?.message}
        description={serials ? fromSerials : undefined}
      >
        {(field) => <Input {...field} autoComplete="off" {...register('dishId')} />}
      </FormField>
      <FormField
        label="Router ID"
        required
        error={errors.routerId?.message}
        description={serials ? fromSerials : undefined}
      >
        {(field) => <Input {...field} autoComplete="off" {...register('routerId')} />}
      </FormField>
      <p className="text-sm text-slate-700">
        Thresholds: download at least {thresholds.minDownloadMbps} Mbit/s, upload at least{' '}
        {thresholds.minUploadMbps} Mbit/s, latency at most {thresholds.maxLatencyMs} ms, obstruction
        at most {thresholds.maxObstructionPercent}%.
      </p>
      <div className="grid grid-cols-2 gap-3">
        {numberFields.map(([name, label]) => (
          <FormField key={name} label={label} required error={errors[name]?.message}>
            {(field) => <Input {...field} inputMode="decimal" {...register(name)} />}
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
          <FormField label="Reason to go on" required error={errors.thresholdReason?.message}>
            {(field) => <Textarea {...field} rows={2} {...register('thresholdReason')} />}
          </FormField>
        </>
      )}
      <Button type="submit" className="justify-self-start">
        Save and continue
      </Button>
    </form>
  );
}
