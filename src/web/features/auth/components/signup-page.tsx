import { ExternalLink, UserPlus } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useSignupInfo } from '@web/api/auth/signup-info';
import { AuthLayout } from './auth-layout';

/** spec §9: the sign-up page moves on by itself after 3 seconds. */
export const signupRedirectMs = 3_000;

/**
 * /signup (spec §2): guidance for creating an account. With SIGNUP_URL set, it goes to the
 * identity provider's sign-up page after 3 seconds (and its Create Account button goes there
 * now); without, accounts are by invitation and both lead to /login.
 */
export default function SignupPage() {
  const [, navigate] = useLocation();
  const info = useSignupInfo();
  // A failed read counts as "no sign-up page": the invitation route still works.
  const signupUrl = info.isPending ? undefined : (info.data?.signupUrl ?? null);

  useEffect(() => {
    if (signupUrl === undefined) return;
    const timer = setTimeout(() => {
      if (signupUrl) window.location.assign(signupUrl);
      else navigate('/login');
    }, signupRedirectMs);
    return () => clearTimeout(timer);
  }, [signupUrl, navigate]);

  return (
    <AuthLayout>
      <Card>
        <CardHeader className="items-center text-center">
          <UserPlus aria-hidden="true" className="size-10 text-brand-600" />
          <h1 className="text-xl font-semibold leading-tight">Create your account</h1>
          <CardDescription>
            {signupUrl === undefined
              ? 'Finding the sign-up page…'
              : signupUrl
                ? 'Accounts are created with our identity provider. You will be taken to its sign-up page in 3 seconds.'
                : 'Accounts are created by invitation: the project coordinator or back-office administrator sends you an email to set your password. You will be taken to the sign-in page in 3 seconds.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-3">
          {signupUrl === undefined ? (
            <Spinner />
          ) : signupUrl ? (
            <Button asChild>
              <a href={signupUrl}>
                Create Account
                <ExternalLink aria-hidden="true" />
              </a>
            </Button>
          ) : (
            <Button asChild>
              <Link href="/login">Create Account</Link>
            </Button>
          )}
          <p className="text-sm text-slate-600">
            Already have an account?{' '}
            <Link href="/login" className="font-medium text-brand-600 hover:underline">
              Sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
