import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import {
  verifyTwoFactorRequestSchema,
  type VerifyTwoFactorRequest,
} from '@shared/auth/auth.contracts';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useVerifyTwoFactor } from '@web/api/auth/verify-two-factor';
import { pathAfterLogin } from '../lib/redirects';
import { VerificationCodeField } from './verification-code-field';

/** spec §2: the two-factor step, with the email the code went to. */
export function TwoFactorForm({ email, onBack }: { email: string; onBack: () => void }) {
  const [, navigate] = useLocation();
  const verify = useVerifyTwoFactor();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<VerifyTwoFactorRequest>({
    resolver: zodResolver(verifyTwoFactorRequestSchema),
    defaultValues: { email, code: '' },
  });

  const handleVerify = handleSubmit((values) => {
    verify.mutate(values, {
      onSuccess: (answer) => {
        toast({ title: 'Login Successful' });
        navigate(pathAfterLogin(answer.user.role));
      },
      onError: (error) => {
        toast({
          title: 'Verification Failed',
          description: errorMessage(error, 'Invalid verification code'),
          variant: 'destructive',
        });
      },
    });
  });

  return (
    <form noValidate onSubmit={handleVerify} className="grid gap-4">
      <p className="flex items-start gap-2 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
        <span>
          We sent a verification code to <strong className="font-semibold">{email}</strong>.
        </span>
      </p>
      <input type="hidden" {...register('email')} />
      {errors.email?.message && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.email.message}
        </p>
      )}
      <VerificationCodeField registration={register('code')} error={errors.code?.message} />
      <Button type="submit" disabled={verify.isPending} className="w-full">
        {verify.isPending ? 'Verifying…' : 'Verify & Login'}
      </Button>
      <Button type="button" variant="outline" className="w-full" onClick={onBack}>
        Back to Login
      </Button>
    </form>
  );
}
