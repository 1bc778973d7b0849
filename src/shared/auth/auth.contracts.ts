import { z } from 'zod';
import { safeText } from '../schema/text';
import { isUkMobile } from '../uk-mobile';
import { roles } from '../roles';
import { currentUserSchema } from './current-user';

// spec §5 validation messages, exactly as the spec writes them.
export const authMessages = {
  invalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  phoneRequired: 'Phone number is required',
  invalidUkMobile: 'Please enter a valid UK mobile number (e.g., 07123456789 or +447123456789)',
  invalidPhone: 'Please enter a valid phone number',
  codeSixDigits: 'Verification code must be 6 digits',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordsDontMatch: "Passwords don't match",
  // Not in the spec; ours.
  passwordTooLong: 'Password must be at most 128 characters',
  invalidCredentials: 'Invalid email or password',
  accountLocked:
    'Too many failed sign-in attempts. Your account is locked for 15 minutes; try again later or reset your password.',
  commonPassword: 'This password is too common. Please choose a less predictable one.',
  invalidCode: 'Invalid verification code',
  codeExpired: 'This verification code has expired. Please request a new one.',
  smsDisabled: 'SMS login is currently unavailable. Please contact support for assistance.',
  invalidToken:
    'This password setup link is invalid or has expired. Please contact your administrator for a new invitation.',
} as const;

export { authErrorCodes } from '../error-codes';

/** spec §9 */
export const verificationCodeLength = 6;
export const smsCodeValiditySeconds = 300;
export const minPasswordLength = 8;
/** Long passphrases are welcome; the cap only stops absurd inputs (never truncated). */
export const maxPasswordLength = 128;

const email = safeText({ error: authMessages.invalidEmail })
  .trim()
  .pipe(z.email({ error: authMessages.invalidEmail }));

const code = safeText({ error: authMessages.codeSixDigits })
  .trim()
  .regex(/^\d{6}$/, authMessages.codeSixDigits);

/** A new password: 8 to 128 characters (spec §5 minimum). The common-password check is server-side. */
export const newPasswordSchema = safeText({ error: authMessages.passwordTooShort })
  .min(minPasswordLength, authMessages.passwordTooShort)
  .max(maxPasswordLength, authMessages.passwordTooLong);

// ---- POST /api/auth/login ----
export const loginRequestSchema = z.object({
  email,
  password: safeText({ error: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .max(1024, authMessages.invalidCredentials),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * spec §3: `requiresTwoFactor` and a user with a role. While the second factor is pending the
 * user is withheld (null) and `email` says where the code went.
 */
export const loginResponseSchema = z.discriminatedUnion('requiresTwoFactor', [
  z.object({ requiresTwoFactor: z.literal(false), user: currentUserSchema }),
  z.object({
    requiresTwoFactor: z.literal(true),
    user: z.null(),
    email: z.string(),
    message: z.string(),
  }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

// ---- POST /api/auth/verify-2fa ----
export const verifyTwoFactorRequestSchema = z.object({ email, code });
export type VerifyTwoFactorRequest = z.infer<typeof verifyTwoFactorRequestSchema>;

/** The answer of every call that completes a sign-in (verify-2fa, sms/verify-code). */
export const signedInResponseSchema = z.object({ user: currentUserSchema });
export type SignedInResponse = z.infer<typeof signedInResponseSchema>;

// ---- GET /api/sms-auth-status ----
export const smsAuthStatusResponseSchema = z.object({ smsAuthenticationEnabled: z.boolean() });
export type SmsAuthStatusResponse = z.infer<typeof smsAuthStatusResponseSchema>;

// ---- POST /api/auth/sms/request-code ----
export const smsRequestCodeRequestSchema = z.object({
  phone: safeText({ error: authMessages.phoneRequired })
    .trim()
    .min(1, authMessages.phoneRequired)
    // One message at a time: an empty field is "required", not also "invalid".
    .refine((phone) => phone === '' || isUkMobile(phone), authMessages.invalidUkMobile),
});
export type SmsRequestCodeRequest = z.infer<typeof smsRequestCodeRequestSchema>;

export const smsRequestCodeResponseSchema = z.object({
  message: z.string(),
  /** spec §9: the code is valid for 300 seconds. */
  expiresInSeconds: z.number().int(),
});
export type SmsRequestCodeResponse = z.infer<typeof smsRequestCodeResponseSchema>;

// ---- POST /api/auth/sms/verify-code ----
export const smsVerifyCodeRequestSchema = z.object({
  phone: safeText({ error: authMessages.invalidPhone }).trim().min(10, authMessages.invalidPhone),
  code,
});
export type SmsVerifyCodeRequest = z.infer<typeof smsVerifyCodeRequestSchema>;

// ---- GET /api/validate-reset-token?token= ----
export const validateResetTokenQuerySchema = z.object({
  token: safeText({ error: authMessages.invalidToken }).min(1, authMessages.invalidToken),
});

export const validateResetTokenResponseSchema = z.object({
  user: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: z.enum(roles),
    companyName: z.string().nullable(),
  }),
  /** `invitation` (7 days) or `reset` (forgotten password, 1 hour). */
  purpose: z.enum(['invitation', 'reset']),
});
export type ValidateResetTokenResponse = z.infer<typeof validateResetTokenResponseSchema>;

// ---- POST /api/set-password ----
/** What the web form holds: the confirmation must match, reported on the confirm field. */
export const setPasswordFormSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type SetPasswordForm = z.infer<typeof setPasswordFormSchema>;

/** spec §7: token and password. */
export const setPasswordRequestSchema = z.object({
  token: safeText({ error: authMessages.invalidToken }).min(1, authMessages.invalidToken),
  password: newPasswordSchema,
});
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

// ---- POST /api/auth/forgot-password (ours) ----
export const forgotPasswordRequestSchema = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

// ---- POST /api/auth/logout ----
export const logoutResponseSchema = messageResponseSchema;

// ---- GET/PUT /api/sms-settings/login (back office) ----
export const smsLoginSettingSchema = z.object({ enabled: z.boolean() });
export type SmsLoginSetting = z.infer<typeof smsLoginSettingSchema>;

// ---- GET /api/auth/signup-info (public): where /signup sends visitors ----
export const signupInfoResponseSchema = z.object({ signupUrl: z.string().nullable() });
export type SignupInfoResponse = z.infer<typeof signupInfoResponseSchema>;
