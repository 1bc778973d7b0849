import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  mountingTypeLabels,
  mountingTypes,
  surveyBody,
  type SurveyBody,
} from '@shared/visits/visit-record';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { bodyResolver } from '@web/lib/body-resolver';
import { toNumber } from '../../lib/to-number';
import type { StepProps } from './step-props';

type Values = {
  mountingType: string;
  mountingOther: string;
  cableRoute: string;
  cableLengthM: string;
  powerLocation: string;
  routerLocation: string;
  planningIssues: string;
  workingAtHeightConfirmed: boolean;
};
const resolver = bodyResolver(surveyBody, (values: Values) => ({
  ...values,
  mountingOther: values.mountingType === 'other' ? values.mountingOther : undefined,
  cableLengthM: toNumber(values.cableLengthM),
  savedAt: new Date().toISOString(),
}));

export function SurveyStep({ view, actions, go }: StepProps) {
  const saved: Partial<SurveyBody> = view.local.survey ?? view.visit.record.survey ?? {};
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof surveyBody>>({
    resolver,
    defaultValues: {
      mountingType: saved.mountingType ?? '',
      mountingOther: saved.mountingOther ?? '',
      cableRoute: saved.cableRoute ?? '',
      cableLengthM: saved.cableLengthM !== undefined ? String(saved.cableLengthM) : '',
      powerLocation: saved.powerLocation ?? '',
      routerLocation: saved.routerLocation ?? '',
      planningIssues: saved.planningIssues ?? '',
      workingAtHeightConfirmed: saved.workingAtHeightConfirmed === true,
    },
  });
  const mountingType = useWatch({ control, name: 'mountingType' });

  const submit = handleSubmit(async (body) => {
    await actions.saveSurvey(view.visit.id, { ...body });
    go('photos');
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <FormField label="Mounting type" required error={errors.mountingType?.message}>
        {(field) => (
          <Select {...field} {...register('mountingType')}>
            <option value="">Choose…</option>
            {mountingTypes.map((type) => (
              <option key={type} value={type}>
                {mountingTypeLabels[type]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {mountingType === 'other' && (
        <FormField label="Mounting details" error={errors.mountingOther?.message}>
          {(field) => <Input {...field} {...register('mountingOther')} />}
        </FormField>
      )}
      <FormField label="Cable route" required error={errors.cableRoute?.message}>
        {(field) => <Input {...field} {...register('cableRoute')} />}
      </FormField>
      <FormField label="Cable length used (m)" required error={errors.cableLengthM?.message}>
        {(field) => <Input {...field} inputMode="decimal" {...register('cableLengthM')} />}
      </FormField>
      <FormField label="Power location" required error={errors.powerLocation?.message}>
        {(field) => <Input {...field} {...register('powerLocation')} />}
      </FormField>
      <FormField label="Router location" required error={errors.routerLocation?.message}>
        {(field) => <Input {...field} {...register('routerLocation')} />}
      </FormField>
      <FormField
        label="Planning or landlord issues (if any)"
        error={errors.planningIssues?.message}
      >
        {(field) => <Textarea {...field} rows={2} {...register('planningIssues')} />}
      </FormField>
      <div className="grid gap-1">
        <label className="flex items-start gap-2 text-sm text-slate-900">
          <input
            type="checkbox"
            className="size-6"
            aria-invalid={errors.workingAtHeightConfirmed ? true : undefined}
            aria-describedby={errors.workingAtHeightConfirmed ? 'height-error' : undefined}
            {...register('workingAtHeightConfirmed')}
          />
          I have done the working-at-height risk assessment and it is safe to work.
        </label>
        {errors.workingAtHeightConfirmed && (
          <p id="height-error" className="text-sm text-red-700">
            {errors.workingAtHeightConfirmed.message}
          </p>
        )}
      </div>
      <Button type="submit" className="justify-self-start">
        Save and continue
      </Button>
    </form>
  );
}
