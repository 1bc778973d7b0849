import type { UseFormRegisterReturn } from 'react-hook-form';
import { verificationCodeLength } from '@shared/auth/auth.contracts';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';

/** The 6-digit code box of the two-factor and SMS steps (spec §9: code length 6). */
export function VerificationCodeField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <FormField label="Verification Code" error={error}>
      {(field) => (
        <Input
          {...field}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={verificationCodeLength}
          placeholder="123456"
          className="text-center font-mono text-lg tracking-[0.5em]"
          {...registration}
        />
      )}
    </FormField>
  );
}
