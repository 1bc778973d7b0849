// spec §2 (login page) and §4 (login, SMS login): the steps of the sign-in screen as data.

export type LoginTab = 'email' | 'sms';

export type EmailStep =
  | { step: 'credentials' }
  | { step: 'two-factor'; email: string }
  | { step: 'forgot-password' };

export type SmsStep = { step: 'phone' } | { step: 'code'; phone: string; expiresAt: number };

export type LoginFlowState = {
  tab: LoginTab;
  email: EmailStep;
  sms: SmsStep;
};

export type LoginFlowAction =
  | { type: 'selectTab'; tab: LoginTab }
  /** The password was right and the server sent an email code (requiresTwoFactor). */
  | { type: 'twoFactorRequired'; email: string }
  | { type: 'backToLogin' }
  | { type: 'forgotPassword' }
  /** An SMS code was sent to `phone` at `now` (epoch ms); valid `validitySeconds`. */
  | { type: 'smsCodeSent'; phone: string; now: number; validitySeconds: number }
  | { type: 'useDifferentPhone' }
  /** The server answered SMS_AUTH_DISABLED to a verify call: back to the phone step. */
  | { type: 'smsRejected' }
  /** SMS sign-in is found disabled: the view reverts to the email tab. */
  | { type: 'smsUnavailable' };

export const initialLoginFlow: LoginFlowState = {
  tab: 'email',
  email: { step: 'credentials' },
  sms: { step: 'phone' },
};

export function loginFlowReducer(state: LoginFlowState, action: LoginFlowAction): LoginFlowState {
  switch (action.type) {
    case 'selectTab':
      return state.tab === action.tab ? state : { ...state, tab: action.tab };
    case 'twoFactorRequired':
      return { ...state, tab: 'email', email: { step: 'two-factor', email: action.email } };
    case 'backToLogin':
      return { ...state, email: { step: 'credentials' } };
    case 'forgotPassword':
      return { ...state, tab: 'email', email: { step: 'forgot-password' } };
    case 'smsCodeSent':
      return {
        ...state,
        sms: {
          step: 'code',
          phone: action.phone,
          expiresAt: action.now + action.validitySeconds * 1000,
        },
      };
    case 'useDifferentPhone':
    case 'smsRejected':
      return { ...state, sms: { step: 'phone' } };
    case 'smsUnavailable':
      return { ...state, tab: 'email', sms: { step: 'phone' } };
  }
}
