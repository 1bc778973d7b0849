import { useState } from 'react';
import { completeBody } from '@shared/visits/visit-record';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import type { StepProps } from './step-props';

/** Completion is refused here until the record has everything it needs (the shared rule). */
export function CompleteStep({ view, actions }: StepProps) {
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = view.checkedIn && view.hasSurvey && view.missing.length === 0;
  return (
    <div className="grid gap-3">
      {ready ? (
        <p className="text-sm text-slate-800">Everything the record needs is here.</p>
      ) : (
        <div
          role="alert"
          className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p className="font-medium">The visit cannot be completed yet. Still needed:</p>
          <ul className="list-disc pl-5">
            {!view.checkedIn && <li>check-in</li>}
            {!view.hasSurvey && <li>survey and safety</li>}
            {view.missing.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      )}
      <FormField label="Notes (optional)">
        {(field) => (
          <Textarea {...field} rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
        )}
      </FormField>
      <Button
        className="justify-self-start"
        disabled={!ready || busy}
        onClick={async () => {
          const parsed = completeBody.safeParse({
            at: new Date().toISOString(),
            notes: notes.trim() ? notes : undefined,
          });
          if (!parsed.success) return;
          setBusy(true);
          try {
            await actions.complete(view.visit.id, parsed.data);
          } finally {
            setBusy(false);
          }
        }}
      >
        Complete visit
      </Button>
    </div>
  );
}
