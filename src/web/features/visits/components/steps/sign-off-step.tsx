import { lazy, Suspense, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { signOffBody } from '@shared/visits/visit-record';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { bodyResolver } from '@web/lib/body-resolver';
import type { SignatureHandle } from '../signature-pad-field';
import type { StepProps } from './step-props';

const SignaturePadField = lazy(() => import('../signature-pad-field'));

/** `signaturePng` is the pad's PNG, taken from it on submit; '' while the pad is empty. */
type Values = { name: string; signaturePng: string };
const unsigned = 'Ask the customer to sign in the box';
const resolver = bodyResolver(signOffBody, (values: Values) => ({
  name: values.name,
  // A stand-in while unsigned, so the name is still checked; emptiness is asked for below.
  signaturePng: values.signaturePng || 'x',
  signedAt: new Date().toISOString(),
}));

function padPng(pad: SignatureHandle | null) {
  return pad && !pad.isEmpty() ? pad.toPng() : '';
}

export function SignOffStep({ view, actions, go }: StepProps) {
  const signature = useRef<SignatureHandle>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof signOffBody>>({
    resolver,
    defaultValues: { name: view.local.signOff?.name ?? '', signaturePng: '' },
  });
  const askToSign = () => setError('signaturePng', { type: 'required', message: unsigned });

  const save = handleSubmit(
    async (body) => {
      if (!getValues('signaturePng')) return askToSign();
      await actions.signOff(view.visit.id, body);
      go('complete');
    },
    () => {
      if (!getValues('signaturePng')) askToSign();
    },
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setValue('signaturePng', padPng(signature.current));
        void save(event);
      }}
      className="grid gap-3"
    >
      {view.signedBy && (
        <p className="text-sm text-slate-800">
          Signed by {view.signedBy}. Sign again to replace it.
        </p>
      )}
      <FormField label="Customer’s name" required error={errors.name?.message}>
        {(field) => <Input {...field} autoComplete="off" {...register('name')} />}
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
            {errors.signaturePng.message}
          </p>
        )}
      </div>
      <Button type="submit" className="justify-self-start">
        Save signature and continue
      </Button>
    </form>
  );
}
