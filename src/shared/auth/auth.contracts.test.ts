import { describe, expect, it } from 'vitest';
import {
  authMessages,
  loginRequestSchema,
  setPasswordFormSchema,
  smsRequestCodeRequestSchema,
  smsVerifyCodeRequestSchema,
  verifyTwoFactorRequestSchema,
} from './auth.contracts';

function firstIssue(result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) {
  expect(result.success).toBe(false);
  return result.error!.issues[0]!;
}

describe('auth contracts carry the spec §5 messages', () => {
  it('login', () => {
    expect(firstIssue(loginRequestSchema.safeParse({ email: 'x', password: 'p' })).message).toBe(
      authMessages.invalidEmail,
    );
    expect(firstIssue(loginRequestSchema.safeParse({ password: 'p' })).message).toBe(
      authMessages.invalidEmail,
    );
    expect(
      firstIssue(loginRequestSchema.safeParse({ email: 'a@b.co', password: '' })).message,
    ).toBe('Password is required');
    expect(firstIssue(loginRequestSchema.safeParse({ email: 'a@b.co' })).message).toBe(
      'Password is required',
    );
    expect(loginRequestSchema.parse({ email: ' a@b.co ', password: 'x' }).email).toBe('a@b.co');
  });

  it('SMS phone', () => {
    expect(firstIssue(smsRequestCodeRequestSchema.safeParse({ phone: '' })).message).toBe(
      'Phone number is required',
    );
    expect(firstIssue(smsRequestCodeRequestSchema.safeParse({})).message).toBe(
      'Phone number is required',
    );
    expect(
      firstIssue(smsRequestCodeRequestSchema.safeParse({ phone: '01392000000' })).message,
    ).toBe('Please enter a valid UK mobile number (e.g., 07123456789 or +447123456789)');
    expect(smsRequestCodeRequestSchema.safeParse({ phone: '+44 7123 456789' }).success).toBe(true);
  });

  it('SMS verify and 2FA', () => {
    expect(
      firstIssue(smsVerifyCodeRequestSchema.safeParse({ phone: '0712', code: '123456' })).message,
    ).toBe('Please enter a valid phone number');
    expect(
      firstIssue(smsVerifyCodeRequestSchema.safeParse({ phone: '07123456789', code: '12345' }))
        .message,
    ).toBe('Verification code must be 6 digits');
    expect(
      firstIssue(verifyTwoFactorRequestSchema.safeParse({ email: 'a@b.co', code: '1234567' }))
        .message,
    ).toBe('Verification code must be 6 digits');
    expect(
      firstIssue(verifyTwoFactorRequestSchema.safeParse({ email: 'nope', code: '123456' })).message,
    ).toBe('Please enter a valid email address');
  });

  it('set password', () => {
    expect(
      firstIssue(setPasswordFormSchema.safeParse({ password: 'short', confirmPassword: 'short' }))
        .message,
    ).toBe('Password must be at least 8 characters');
    const mismatch = firstIssue(
      setPasswordFormSchema.safeParse({ password: 'long-enough', confirmPassword: 'other-one' }),
    );
    expect(mismatch.message).toBe("Passwords don't match");
    expect(mismatch.path).toEqual(['confirmPassword']);
    expect(
      setPasswordFormSchema.safeParse({ password: 'a'.repeat(64), confirmPassword: 'a'.repeat(64) })
        .success,
    ).toBe(true);
  });
});
