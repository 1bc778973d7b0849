import { useState, type FormEvent } from 'react';
import {
  failBody,
  visitFailureReasonLabels,
  visitFailureReasons,
} from '@shared/visits/visit-record';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { Select } from '../../../../components/ui/select';
import { Textarea } from '../../../../components/ui/textarea';
import { fieldErrors } from '../../lib/form-errors';
import type { StepProps } from './step-props';

export function FailStep({ view, actions, go }: StepProps) {
  const [reason, setReason] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = failBody.safeParse({
      at: new Date().toISOString(),
      failureReason: reason,
      notes,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await actions.fail(view.visit.id, parsed.data);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <FormField label="Reason" required error={errors.failureReason}>
        {(field) => (
          <Select {...field} value={reason} onChange={(e) => setReason(e.target.value)}>
            <option value="">Choose…</option>
            {visitFailureReasons.map((value) => (
              <option key={value} value={value}>
                {visitFailureReasonLabels[value]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Notes" required={reason === 'other'} error={errors.notes}>
        {(field) => (
          <Textarea {...field} rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
        )}
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
