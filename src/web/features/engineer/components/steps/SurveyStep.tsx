import { useState, type FormEvent } from 'react';
import {
  mountingTypeLabels,
  mountingTypes,
  surveyBody,
  type SurveyBody,
} from '@shared/visits/visit-record';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { Input } from '../../../../components/ui/input';
import { Select } from '../../../../components/ui/select';
import { Textarea } from '../../../../components/ui/textarea';
import { fieldErrors, toNumber } from '../../lib/form-errors';
import type { StepProps } from './step-props';

export function SurveyStep({ view, actions, go }: StepProps) {
  const saved: Partial<SurveyBody> = view.local.survey ?? view.visit.record.survey ?? {};
  const [values, setValues] = useState({
    mountingType: saved.mountingType ?? '',
    mountingOther: saved.mountingOther ?? '',
    cableRoute: saved.cableRoute ?? '',
    cableLengthM: saved.cableLengthM !== undefined ? String(saved.cableLengthM) : '',
    powerLocation: saved.powerLocation ?? '',
    routerLocation: saved.routerLocation ?? '',
    planningIssues: saved.planningIssues ?? '',
    workingAtHeightConfirmed: saved.workingAtHeightConfirmed === true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof typeof values) => (value: string | boolean) =>
    setValues((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = surveyBody.safeParse({
      ...values,
      mountingOther: values.mountingType === 'other' ? values.mountingOther : undefined,
      cableLengthM: toNumber(values.cableLengthM),
      savedAt: new Date().toISOString(),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await actions.saveSurvey(view.visit.id, { ...parsed.data });
    go('photos');
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <FormField label="Mounting type" required error={errors.mountingType}>
        {(field) => (
          <Select
            {...field}
            value={values.mountingType}
            onChange={(e) => set('mountingType')(e.target.value)}
          >
            <option value="">Choose…</option>
            {mountingTypes.map((type) => (
              <option key={type} value={type}>
                {mountingTypeLabels[type]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {values.mountingType === 'other' && (
        <FormField label="Mounting details" error={errors.mountingOther}>
          {(field) => (
            <Input
              {...field}
              value={values.mountingOther}
              onChange={(e) => set('mountingOther')(e.target.value)}
            />
          )}
        </FormField>
      )}
      <FormField label="Cable route" required error={errors.cableRoute}>
        {(field) => (
          <Input
            {...field}
            value={values.cableRoute}
            onChange={(e) => set('cableRoute')(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Cable length used (m)" required error={errors.cableLengthM}>
        {(field) => (
          <Input
            {...field}
            inputMode="decimal"
            value={values.cableLengthM}
            onChange={(e) => set('cableLengthM')(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Power location" required error={errors.powerLocation}>
        {(field) => (
          <Input
            {...field}
            value={values.powerLocation}
            onChange={(e) => set('powerLocation')(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Router location" required error={errors.routerLocation}>
        {(field) => (
          <Input
            {...field}
            value={values.routerLocation}
            onChange={(e) => set('routerLocation')(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Planning or landlord issues (if any)" error={errors.planningIssues}>
        {(field) => (
          <Textarea
            {...field}
            rows={2}
            value={values.planningIssues}
            onChange={(e) => set('planningIssues')(e.target.value)}
          />
        )}
      </FormField>
      <div className="grid gap-1">
        <label className="flex items-start gap-2 text-sm text-slate-900">
          <input
            type="checkbox"
            className="mt-0.5 size-5"
            checked={values.workingAtHeightConfirmed}
            aria-invalid={errors.workingAtHeightConfirmed ? true : undefined}
            aria-describedby={errors.workingAtHeightConfirmed ? 'height-error' : undefined}
            onChange={(e) => set('workingAtHeightConfirmed')(e.target.checked)}
          />
          I have done the working-at-height risk assessment and it is safe to work.
        </label>
        {errors.workingAtHeightConfirmed && (
          <p id="height-error" className="text-sm text-red-700">
            {errors.workingAtHeightConfirmed}
          </p>
        )}
      </div>
      <Button type="submit" className="justify-self-start">
        Save and continue
      </Button>
    </form>
  );
}
