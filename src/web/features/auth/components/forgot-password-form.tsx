import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  forgotPasswordRequestSchema,
  type ForgotPasswordRequest,
} from '@shared/auth/auth.contracts';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useForgotPassword } from '@web/api/auth/forgot-password';

/** Asks for a set-password link by email (1-hour token, the same /set-password page). */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });

  const handleSend = handleSubmit((values) => {
    forgot.mutate(values, {
      onSuccess: (answer) => {
        toast({ title: 'Check Your Email', description: answer.message });
      },
      onError: (error) => {
        toast({
          title: 'Error',
          description: errorMessage(error, 'Could not send the reset link'),
          variant: 'destructive',
        });
      },
    });
  });

  if (forgot.isSuccess) {
    return (
      <div className="grid gap-4">
        <p role="status" className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
          {forgot.data.message}
        </p>
        <Button type="button" variant="outline" className="w-full" onClick={onBack}>
          Back to Login
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={handleSend} className="grid gap-4">
      <p className="text-sm text-slate-600">
        Enter the email address of your account and we will send you a link to set a new password.
        The link is valid for one hour.
      </p>
      <FormField label="Email" error={errors.email?.message}>
        {(field) => (
          <Input
            {...field}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...register('email')}
          />
        )}
      </FormField>
      <Button type="submit" disabled={forgot.isPending} className="w-full">
        {forgot.isPending ? 'Sending…' : 'Send Reset Link'}
      </Button>
      <Button type="button" variant="outline" className="w-full" onClick={onBack}>
        Back to Login
      </Button>
    </form>
  );
}
