import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import {
  setPasswordFormSchema,
  type SetPasswordForm,
  type ValidateResetTokenResponse,
} from '@shared/auth/auth.contracts';
import { welcomeRoleLabel } from '@shared/role-routing';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useSetPassword } from '@web/api/auth/set-password';
import { useValidateResetToken } from '@web/api/auth/validate-reset-token';
import { AuthLayout } from './auth-layout';

/** spec §9: after the password is set, go to /login after 2 seconds. */
export const redirectAfterSetPasswordMs = 2_000;

/** /set-password?token= (spec §2, §4): validating, then invalid or the form. */
export default function SetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const validation = useValidateResetToken(token);

  let body;
  if (!token || validation.isError) body = <InvalidLink />;
  else if (validation.isPending) {
    body = (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-sm text-slate-600">
          <Spinner className="size-8" label="Checking your link" />
          <p>Checking your link…</p>
        </CardContent>
      </Card>
    );
  } else body = <SetPasswordCard token={token} account={validation.data} />;

  return <AuthLayout>{body}</AuthLayout>;
}

function InvalidLink() {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <CircleAlert aria-hidden="true" className="size-10 text-red-600" />
        <h1 className="text-xl font-semibold leading-tight">Invalid or Expired Link</h1>
        <CardDescription>
          This password setup link is invalid or has expired. Please contact your administrator for
          a new invitation.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Button asChild variant="outline">
          <Link href="/login">Go to Login</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function SetPasswordCard({
  token,
  account,
}: {
  token: string;
  account: ValidateResetTokenResponse;
}) {
  const [, navigate] = useLocation();
  const setPassword = useSetPassword();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SetPasswordForm>({
    resolver: zodResolver(setPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login'), redirectAfterSetPasswordMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const handleSave = handleSubmit((values) => {
    setPassword.mutate(
      { token, password: values.password },
      {
        onSuccess: () => {
          toast({
            title: 'Password Set Successfully',
            description: 'You can now sign in with your new password.',
          });
          setDone(true);
        },
        onError: (error) => {
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to set password'),
            variant: 'destructive',
          });
        },
      },
    );
  });

  const { user } = account;
  const reset = account.purpose === 'reset';
  return (
    <Card>
      <CardHeader>
        <h1 className="flex items-center gap-2 text-xl font-semibold leading-tight">
          <KeyRound aria-hidden="true" className="size-5 text-brand-600" />
          {reset ? 'Reset your password' : 'Set your password'}
        </h1>
        <CardDescription>
          {reset
            ? 'Choose a new password for your account.'
            : 'Welcome to Uplink. Choose a password to finish setting up your account.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-md bg-slate-50 p-3 text-sm">
          <dt className="text-slate-500">Name</dt>
          <dd className="font-medium">
            {user.firstName} {user.lastName}
          </dd>
          <dt className="text-slate-500">Email</dt>
          <dd className="font-medium break-all">{user.email}</dd>
          <dt className="text-slate-500">Role</dt>
          <dd className="font-medium">{welcomeRoleLabel(user.role)}</dd>
          <dt className="text-slate-500">Company</dt>
          <dd className="font-medium">{user.companyName ?? '—'}</dd>
        </dl>
        <form noValidate onSubmit={handleSave} className="grid gap-4">
          <FormField
            label="Password"
            error={errors.password?.message}
            description="At least 8 characters."
          >
            {(field) => (
              <Input
                {...field}
                type="password"
                autoComplete="new-password"
                {...register('password')}
              />
            )}
          </FormField>
          <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
            {(field) => (
              <Input
                {...field}
                type="password"
                autoComplete="new-password"
                {...register('confirmPassword')}
              />
            )}
          </FormField>
          <Button type="submit" className="w-full" disabled={setPassword.isPending || done}>
            {setPassword.isPending ? 'Setting Password…' : 'Set Password'}
          </Button>
          {done && (
            <p role="status" className="text-center text-sm text-slate-600">
              Taking you to the sign-in page…
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
