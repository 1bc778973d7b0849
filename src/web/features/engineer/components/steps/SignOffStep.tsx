import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { signOffBody } from '@shared/visits/visit-record';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form-field';
import { Input } from '../../../../components/ui/input';
import { fieldErrors } from '../../lib/form-errors';
import type { SignatureHandle } from '../SignaturePadField';
import type { StepProps } from './step-props';

const SignaturePadField = lazy(() => import('../SignaturePadField'));

export function SignOffStep({ view, actions, go }: StepProps) {
  const [name, setName] = useState(view.local.signOff?.name ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const signature = useRef<SignatureHandle>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!signature.current || signature.current.isEmpty()) {
      found.signaturePng = 'Ask the customer to sign in the box';
    }
    const parsed = signOffBody.safeParse({
      name,
      signaturePng: signature.current?.toPng() || 'x',
      signedAt: new Date().toISOString(),
    });
    if (!parsed.success) Object.assign(found, fieldErrors(parsed.error), found);
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    await actions.signOff(view.visit.id, parsed.data);
    go('complete');
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      {view.signedBy && (
        <p className="text-sm text-slate-800">
          Signed by {view.signedBy}. Sign again to replace it.
        </p>
      )}
      <FormField label="Customer’s name" required error={errors.name}>
        {(field) => (
          <Input
            {...field}
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </FormField>
      <div className="grid gap-1">
        <p id="signature-label" className="text-sm font-medium text-slate-900">
          Customer’s signature
        </p>
        <Suspense
          fallback={<div className="h-48 rounded-md border border-slate-300 bg-slate-50" />}
        >
          <SignaturePadField handle={signature} labelledBy="signature-label" />
        </Suspense>
        {errors.signaturePng && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors.signaturePng}
          </p>
        )}
      </div>
      <Button type="submit" className="justify-self-start">
        Save signature and continue
      </Button>
    </form>
  );
}
