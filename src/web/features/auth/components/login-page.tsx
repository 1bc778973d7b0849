import { lazy, Suspense, useReducer } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useSmsAuthEnabled } from '@web/api/auth/sms-auth-status';
import { initialLoginFlow, loginFlowReducer, type LoginTab } from '../lib/login-flow';
import { AuthLayout } from './auth-layout';
import { EmailLoginForm } from './email-login-form';
import { NeedAccessBox } from './need-access-box';

// The steps after the first load when reached, so a cold /login downloads only the email
// form (and no zod) — decision 025's budget.
const ForgotPasswordForm = lazy(() =>
  import('./forgot-password-form').then((module) => ({ default: module.ForgotPasswordForm })),
);
const SmsLoginForm = lazy(() =>
  import('./sms-login-form').then((module) => ({ default: module.SmsLoginForm })),
);
const TwoFactorForm = lazy(() =>
  import('./two-factor-form').then((module) => ({ default: module.TwoFactorForm })),
);

/** /login (spec §2 login page, §4 login states). */
export default function LoginPage() {
  const [flow, dispatch] = useReducer(loginFlowReducer, initialLoginFlow);
  const smsEnabled = useSmsAuthEnabled();

  // spec §4: SMS sign-in found disabled while on the SMS tab → back to the email tab.
  if (!smsEnabled && flow.tab === 'sms') dispatch({ type: 'smsUnavailable' });

  const backToLogin = () => dispatch({ type: 'backToLogin' });

  if (flow.email.step === 'two-factor') {
    return (
      <AuthLayout>
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold leading-tight">Two-factor authentication</h1>
            <CardDescription>Enter the 6-digit code from the email we just sent.</CardDescription>
          </CardHeader>
          <CardContent>
            <Suspense fallback={<Spinner />}>
              <TwoFactorForm email={flow.email.email} onBack={backToLogin} />
            </Suspense>
          </CardContent>
        </Card>
        <NeedAccessBox />
      </AuthLayout>
    );
  }

  if (flow.email.step === 'forgot-password') {
    return (
      <AuthLayout>
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold leading-tight">Reset your password</h1>
          </CardHeader>
          <CardContent>
            <Suspense fallback={<Spinner />}>
              <ForgotPasswordForm onBack={backToLogin} />
            </Suspense>
          </CardContent>
        </Card>
        <NeedAccessBox />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold leading-tight">Sign in</h1>
          <CardDescription>Sign in to manage your installations.</CardDescription>
        </CardHeader>
        <CardContent>
          {/* One tree whether or not the tabs show, so the form keeps what was typed when the
              SMS status arrives. */}
          <Tabs
            value={flow.tab}
            onValueChange={(tab) => dispatch({ type: 'selectTab', tab: tab as LoginTab })}
          >
            {smsEnabled && (
              <TabsList className="h-auto min-h-10">
                {/* Narrow phones: let the labels wrap rather than overflow. */}
                <TabsTrigger value="email" className="py-1.5 whitespace-normal">
                  Email &amp; Password
                </TabsTrigger>
                <TabsTrigger value="sms" className="py-1.5 whitespace-normal">
                  SMS Code (Engineers)
                </TabsTrigger>
              </TabsList>
            )}
            <TabsContent value="email" className={smsEnabled ? undefined : 'mt-0'}>
              <EmailLoginForm
                onTwoFactorRequired={(email) => dispatch({ type: 'twoFactorRequired', email })}
                onForgotPassword={() => dispatch({ type: 'forgotPassword' })}
              />
            </TabsContent>
            {smsEnabled && (
              <TabsContent value="sms">
                <Suspense fallback={<Spinner />}>
                  <SmsLoginForm
                    step={flow.sms}
                    onCodeSent={(phone, validitySeconds) =>
                      dispatch({ type: 'smsCodeSent', phone, now: Date.now(), validitySeconds })
                    }
                    onUseDifferentPhone={() => dispatch({ type: 'useDifferentPhone' })}
                    onRejected={() => dispatch({ type: 'smsRejected' })}
                  />
                </Suspense>
              </TabsContent>
            )}
          </Tabs>
        </CardContent>
      </Card>
      <NeedAccessBox />
    </AuthLayout>
  );
}
