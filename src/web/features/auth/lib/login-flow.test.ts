import { describe, expect, it } from 'vitest';
import { initialLoginFlow, loginFlowReducer, type LoginFlowState } from './login-flow';

describe('loginFlowReducer', () => {
  it('starts on the email tab, credentials and phone steps', () => {
    expect(initialLoginFlow).toEqual({
      tab: 'email',
      email: { step: 'credentials' },
      sms: { step: 'phone' },
    });
  });

  it('moves to the two-factor step remembering the email, and back', () => {
    const verify = loginFlowReducer(initialLoginFlow, {
      type: 'twoFactorRequired',
      email: 'office2fa@example.com',
    });
    expect(verify.email).toEqual({ step: 'two-factor', email: 'office2fa@example.com' });
    expect(loginFlowReducer(verify, { type: 'backToLogin' }).email).toEqual({
      step: 'credentials',
    });
  });

  it('opens the forgotten-password step on the email tab, and goes back', () => {
    const onSms = loginFlowReducer(initialLoginFlow, { type: 'selectTab', tab: 'sms' });
    const forgot = loginFlowReducer(onSms, { type: 'forgotPassword' });
    expect(forgot).toMatchObject({ tab: 'email', email: { step: 'forgot-password' } });
    expect(loginFlowReducer(forgot, { type: 'backToLogin' }).email).toEqual({
      step: 'credentials',
    });
  });

  it('starts a 300-second code step when a code is sent, and resets to the phone step', () => {
    const onSms = loginFlowReducer(initialLoginFlow, { type: 'selectTab', tab: 'sms' });
    const code = loginFlowReducer(onSms, {
      type: 'smsCodeSent',
      phone: '07700900001',
      now: 1_000,
      validitySeconds: 300,
    });
    expect(code.sms).toEqual({ step: 'code', phone: '07700900001', expiresAt: 301_000 });
    expect(loginFlowReducer(code, { type: 'useDifferentPhone' }).sms).toEqual({ step: 'phone' });
    expect(loginFlowReducer(code, { type: 'smsRejected' })).toMatchObject({
      tab: 'sms',
      sms: { step: 'phone' },
    });
  });

  it('reverts to the email tab when SMS sign-in turns out disabled', () => {
    const state: LoginFlowState = {
      tab: 'sms',
      email: { step: 'credentials' },
      sms: { step: 'code', phone: '07700900001', expiresAt: 5 },
    };
    expect(loginFlowReducer(state, { type: 'smsUnavailable' })).toEqual(initialLoginFlow);
  });

  it('keeps the same state object when the tab does not change', () => {
    expect(loginFlowReducer(initialLoginFlow, { type: 'selectTab', tab: 'email' })).toBe(
      initialLoginFlow,
    );
  });
});
