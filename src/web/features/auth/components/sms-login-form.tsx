import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, MessageSquareText } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import {
  authErrorCodes,
  smsCodeValiditySeconds,
  smsRequestCodeRequestSchema,
  smsVerifyCodeRequestSchema,
  type SmsRequestCodeRequest,
  type SmsVerifyCodeRequest,
} from '@shared/auth/auth.contracts';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorCode, errorMessage } from '@web/lib/api-client';
import { useRequestSmsCode } from '@web/api/auth/request-sms-code';
import { authKeys } from '@web/api/auth/keys';
import { useVerifySmsCode } from '@web/api/auth/verify-sms-code';
import { useCountdown } from '../hooks/use-countdown';
import { formatCountdown } from '../lib/countdown';
import type { SmsStep } from '../lib/login-flow';
import { pathAfterSmsLogin } from '../lib/redirects';
import { VerificationCodeField } from './verification-code-field';

type SmsLoginFormProps = {
  step: SmsStep;
  onCodeSent: (phone: string, validitySeconds: number) => void;
  onUseDifferentPhone: () => void;
  onRejected: () => void;
};

const smsDisabledToast = {
  title: 'SMS Authentication Disabled',
  description: 'SMS login is currently unavailable. Please contact support for assistance.',
  variant: 'destructive',
} as const;

/** spec §2/§4/§8: SMS sign-in, a phone step then a code step with the m:ss countdown. */
export function SmsLoginForm({
  step,
  onCodeSent,
  onUseDifferentPhone,
  onRejected,
}: SmsLoginFormProps) {
  const queryClient = useQueryClient();
  const requestCode = useRequestSmsCode();

  // The status may have changed under us: ask again, so the tab goes if SMS sign-in is off.
  const recheckStatus = () => queryClient.invalidateQueries({ queryKey: authKeys.smsAuthStatus });

  const sendCode = (phone: string) => {
    requestCode.mutate(
      { phone },
      {
        onSuccess: (answer) => {
          onCodeSent(phone, answer.expiresInSeconds || smsCodeValiditySeconds);
          toast({ title: 'Code Sent', description: answer.message });
        },
        onError: (error) => {
          if (errorCode(error) === authErrorCodes.smsDisabled) {
            toast(smsDisabledToast);
            void recheckStatus();
            return;
          }
          toast({
            title: 'Failed to Send Code',
            description: errorMessage(error, 'Could not send verification code'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  if (step.step === 'phone') {
    return <PhoneStep pending={requestCode.isPending} onSubmit={sendCode} />;
  }
  return (
    <CodeStep
      key={step.phone}
      phone={step.phone}
      expiresAt={step.expiresAt}
      resending={requestCode.isPending}
      onResend={() => sendCode(step.phone)}
      onUseDifferentPhone={onUseDifferentPhone}
      onRejected={() => {
        onRejected();
        void recheckStatus();
      }}
    />
  );
}

function PhoneStep({ pending, onSubmit }: { pending: boolean; onSubmit: (phone: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SmsRequestCodeRequest>({
    resolver: zodResolver(smsRequestCodeRequestSchema),
    defaultValues: { phone: '' },
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values.phone))}
      className="grid gap-4"
    >
      <p className="text-sm text-slate-600">
        Field engineers can sign in with a code sent by text message to their registered mobile.
      </p>
      <FormField label="Mobile Number" error={errors.phone?.message}>
        {(field) => (
          <Input
            {...field}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="07123456789"
            {...register('phone')}
          />
        )}
      </FormField>
      <Button type="submit" disabled={pending} className="w-full">
        <MessageSquareText aria-hidden="true" />
        {pending ? 'Sending Code…' : 'Send Code'}
      </Button>
    </form>
  );
}

function CodeStep({
  phone,
  expiresAt,
  resending,
  onResend,
  onUseDifferentPhone,
  onRejected,
}: {
  phone: string;
  expiresAt: number;
  resending: boolean;
  onResend: () => void;
  onUseDifferentPhone: () => void;
  onRejected: () => void;
}) {
  const [, navigate] = useLocation();
  const verify = useVerifySmsCode();
  const secondsLeft = useCountdown(expiresAt, smsCodeValiditySeconds);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SmsVerifyCodeRequest>({
    resolver: zodResolver(smsVerifyCodeRequestSchema),
    defaultValues: { phone, code: '' },
  });

  const handleVerify = handleSubmit((values) => {
    verify.mutate(values, {
      onSuccess: (answer) => {
        toast({ title: 'Login Successful' });
        navigate(pathAfterSmsLogin(answer.user.role));
      },
      onError: (error) => {
        if (errorCode(error) === authErrorCodes.smsDisabled) {
          toast(smsDisabledToast);
          onRejected();
          return;
        }
        toast({
          title: 'Verification Failed',
          description: errorMessage(error, 'Invalid verification code'),
          variant: 'destructive',
        });
      },
    });
  });

  const expired = secondsLeft === 0;
  return (
    <form noValidate onSubmit={handleVerify} className="grid gap-4">
      <p className="text-sm text-slate-700">
        We sent a 6-digit code to <strong className="font-semibold">{phone}</strong>.
      </p>
      <input type="hidden" {...register('phone')} />
      {errors.phone?.message && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.phone.message}
        </p>
      )}
      <VerificationCodeField registration={register('code')} error={errors.code?.message} />
      <p
        className={`flex items-center gap-1.5 text-sm ${expired ? 'text-red-700' : 'text-slate-600'}`}
        data-testid="sms-countdown"
      >
        <Clock aria-hidden="true" className="size-4" />
        {expired ? (
          'The code has expired. Request a new one.'
        ) : (
          <span>
            Code expires in{' '}
            <span className="font-mono font-medium">{formatCountdown(secondsLeft)}</span>
          </span>
        )}
      </p>
      <Button type="submit" disabled={verify.isPending || expired} className="w-full">
        {verify.isPending ? 'Verifying…' : 'Verify & Login'}
      </Button>
      {expired && (
        <Button
          type="button"
          variant="secondary"
          className="w-full"
          disabled={resending}
          onClick={onResend}
        >
          {resending ? 'Sending Code…' : 'Resend Code'}
        </Button>
      )}
      <Button type="button" variant="outline" className="w-full" onClick={onUseDifferentPhone}>
        Use Different Phone Number
      </Button>
    </form>
  );
}
