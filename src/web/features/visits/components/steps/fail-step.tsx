import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  failBody,
  visitFailureReasonLabels,
  visitFailureReasons,
} from '@shared/visits/visit-record';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { bodyResolver } from '@web/lib/body-resolver';
import type { StepProps } from './step-props';

type Values = { failureReason: string; notes: string };
const resolver = bodyResolver(failBody, (values: Values) => ({
  at: new Date().toISOString(),
  ...values,
}));

export function FailStep({ view, actions, go }: StepProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof failBody>>({
    resolver,
    defaultValues: { failureReason: '', notes: '' },
  });
  const reason = useWatch({ control, name: 'failureReason' });

  const submit = handleSubmit(async (body) => {
    await actions.fail(view.visit.id, body);
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <FormField label="Reason" required error={errors.failureReason?.message}>
        {(field) => (
          <Select {...field} {...register('failureReason')}>
            <option value="">Choose…</option>
            {visitFailureReasons.map((value) => (
              <option key={value} value={value}>
                {visitFailureReasonLabels[value]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Notes" required={reason === 'other'} error={errors.notes?.message}>
        {(field) => <Textarea {...field} rows={3} {...register('notes')} />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive">
          Fail the visit
        </Button>
        <Button type="button" variant="outline" onClick={() => go(view.step)}>
          Back to the visit
        </Button>
      </div>
    </form>
  );
}
