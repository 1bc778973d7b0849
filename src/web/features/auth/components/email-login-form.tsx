import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { LoginRequest } from '@shared/auth/auth.contracts';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { useLogin } from '@web/api/auth/login';
import { pathAfterLogin } from '../lib/redirects';

/** The email and password step (spec §2, §4, §5, §8). */
export function EmailLoginForm({
  onTwoFactorRequired,
  onForgotPassword,
}: {
  onTwoFactorRequired: (email: string) => void;
  onForgotPassword: () => void;
}) {
  const [, navigate] = useLocation();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginRequest>({
    resolver: lazyZodResolver(() =>
      import('@shared/auth/auth.contracts').then((contracts) => contracts.loginRequestSchema),
    ),
    defaultValues: { email: '', password: '' },
  });

  const handleLogin = handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: (answer) => {
        if (answer.requiresTwoFactor) {
          onTwoFactorRequired(answer.email || values.email);
          toast({
            title: 'Verification Code Sent',
            description: 'Please check your email for the verification code.',
          });
          return;
        }
        toast({ title: 'Login Successful' });
        navigate(pathAfterLogin(answer.user.role));
      },
      onError: (error) => {
        toast({
          title: 'Login Failed',
          description: errorMessage(error, 'Invalid email or password'),
          variant: 'destructive',
        });
      },
    });
  });

  return (
    <form noValidate onSubmit={handleLogin} className="grid gap-4">
      <FormField label="Email" error={errors.email?.message}>
        {(field) => (
          <Input
            {...field}
            type="email"
            autoComplete="username"
            placeholder="you@example.com"
            {...register('email')}
          />
        )}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(field) => (
          <Input
            {...field}
            type="password"
            autoComplete="current-password"
            {...register('password')}
          />
        )}
      </FormField>
      <Button type="submit" disabled={login.isPending} className="w-full">
        {login.isPending ? 'Signing In…' : 'Sign In'}
      </Button>
      <Button
        type="button"
        variant="link"
        className="justify-self-center"
        onClick={onForgotPassword}
      >
        Forgot password?
      </Button>
    </form>
  );
}
