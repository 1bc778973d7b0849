import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@shared/auth/current-user';
import type { Role } from '@shared/roles';
import { renderPage, stubApi } from '@tests/support/web-render';
import LoginPage from './login-page';

function user(role: Role): CurrentUser {
  return {
    id: 'u1',
    role,
    additionalRoles: [],
    isDualRole: false,
    firstName: 'Sam',
    lastName: 'Field',
    profileImageUrl: null,
    email: 'sam@example.com',
    contractorId: null,
  };
}

const smsOn = () => ({ body: { smsAuthenticationEnabled: true } });
const smsOff = () => ({ body: { smsAuthenticationEnabled: false } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('LoginPage, email and password', () => {
  it('shows the validation messages of spec §5 and sends nothing', async () => {
    const { calls } = stubApi({ 'GET /api/sms-auth-status': smsOff });
    renderPage(<LoginPage />, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/auth/login')).toHaveLength(0);
  });

  it.each([
    ['back_office', '/'],
    ['contractor', '/contractor'],
    ['engineer', '/engineer'],
    ['customer', '/'],
  ] as const)('signs a %s in and goes to %s', async (role, path) => {
    const { calls } = stubApi({
      'GET /api/sms-auth-status': smsOff,
      'POST /api/auth/login': () => ({ body: { requiresTwoFactor: false, user: user(role) } }),
    });
    const { location } = renderPage(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-pass-1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login Successful')).toBeTruthy();
    await waitFor(() => expect(location.history.at(-1)).toBe(path));
    expect(calls.find((call) => call.url === '/api/auth/login')?.body).toEqual({
      email: 'sam@example.com',
      password: 'demo-pass-1234',
    });
  });

  it("toasts 'Login Failed' with the server's message, or the default", async () => {
    let message: string | undefined = 'Invalid email or password';
    stubApi({
      'GET /api/sms-auth-status': smsOff,
      'POST /api/auth/login': () => ({
        status: 401,
        body: message ? { message, code: 'INVALID_CREDENTIALS' } : {},
      }),
    });
    renderPage(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Invalid email or password')).toBeTruthy();

    message = 'Too many failed sign-in attempts.';
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Too many failed sign-in attempts.')).toBeTruthy();

    message = undefined;
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByText('Invalid email or password')).toBeTruthy());
  });

  it('moves to the two-factor step, validates the code and verifies it', async () => {
    const { calls } = stubApi({
      'GET /api/sms-auth-status': smsOff,
      'POST /api/auth/login': () => ({
        body: {
          requiresTwoFactor: true,
          user: null,
          email: 'office2fa@example.com',
          message: 'sent',
        },
      }),
      'POST /api/auth/verify-2fa': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { body: { user: user('back_office') } }
          : { status: 400, body: { message: 'Invalid verification code', code: 'INVALID_CODE' } },
    });
    const { location } = renderPage(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'office2fa@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-pass-1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Verification Code Sent')).toBeTruthy();
    expect(screen.getByText('Please check your email for the verification code.')).toBeTruthy();
    expect(await screen.findByText('office2fa@example.com')).toBeTruthy();
    const code = screen.getByLabelText('Verification Code');
    expect(code.getAttribute('maxLength')).toBe('6');

    await userEvent.type(code, '123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Login' }));
    expect(await screen.findByText('Verification code must be 6 digits')).toBeTruthy();

    await userEvent.clear(code);
    await userEvent.type(code, '999999');
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Login' }));
    expect(await screen.findByText('Verification Failed')).toBeTruthy();

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Login' }));
    expect(await screen.findByText('Login Successful')).toBeTruthy();
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(calls.filter((call) => call.url === '/api/auth/verify-2fa').at(-1)?.body).toEqual({
      email: 'office2fa@example.com',
      code: '123456',
    });
  });

  it("goes back to the credentials with 'Back to Login'", async () => {
    stubApi({
      'GET /api/sms-auth-status': smsOff,
      'POST /api/auth/login': () => ({
        body: { requiresTwoFactor: true, user: null, email: 'a@example.com', message: 'sent' },
      }),
    });
    renderPage(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'a@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it("shows the 'Need Access?' box", async () => {
    stubApi({ 'GET /api/sms-auth-status': smsOff });
    renderPage(<LoginPage />, '/login');
    expect(screen.getByRole('heading', { name: 'Need Access?' })).toBeTruthy();
    expect(
      screen.getByText(
        /contact the project coordinator or back-office administrator to get an account/,
      ),
    ).toBeTruthy();
  });
});

describe('LoginPage, SMS', () => {
  it('hides the tabs when SMS sign-in is off or its status cannot be read', async () => {
    stubApi({ 'GET /api/sms-auth-status': () => ({ status: 500, body: {} }) });
    renderPage(<LoginPage />, '/login');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('validates the phone, counts down from 5:00, and offers Resend Code at 0:00', async () => {
    const sent: string[] = [];
    stubApi({
      'GET /api/sms-auth-status': smsOn,
      'POST /api/auth/sms/request-code': ({ body }) => {
        sent.push((body as { phone: string }).phone);
        return {
          body: {
            message: 'If the number is registered, a code is on its way.',
            expiresInSeconds: 300,
          },
        };
      },
    });
    renderPage(<LoginPage />, '/login');
    await userEvent.click(await screen.findByRole('tab', { name: 'SMS Code (Engineers)' }));
    expect(screen.getByRole('tab', { name: 'Email & Password' })).toBeTruthy();

    await userEvent.click(await screen.findByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('Phone number is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Mobile Number'), '01234 567890');
    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(
      await screen.findByText(
        'Please enter a valid UK mobile number (e.g., 07123456789 or +447123456789)',
      ),
    ).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Mobile Number'));
    await userEvent.type(screen.getByLabelText('Mobile Number'), '07700900001');
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('Code Sent')).toBeTruthy();
    expect(sent).toEqual(['07700900001']);
    expect(screen.getByTestId('sms-countdown').textContent).toContain('Code expires in 5:00');
    expect(screen.queryByRole('button', { name: 'Resend Code' })).toBeNull();

    act(() => vi.advanceTimersByTime(61_000));
    expect(screen.getByTestId('sms-countdown').textContent).toContain('3:59');
    act(() => vi.advanceTimersByTime(240_000));
    expect(screen.getByTestId('sms-countdown').textContent).toContain('The code has expired');
    fireEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    await waitFor(() => expect(sent).toEqual(['07700900001', '07700900001']));
    await waitFor(() =>
      expect(screen.getByTestId('sms-countdown').textContent).toContain('Code expires in 5:00'),
    );
    vi.useRealTimers();

    await userEvent.click(screen.getByRole('button', { name: 'Use Different Phone Number' }));
    expect((screen.getByLabelText('Mobile Number') as HTMLInputElement).value).toBe('');
  });

  it('verifies the code and sends an engineer to /engineer, anyone else to /', async () => {
    let role: Role = 'engineer';
    stubApi({
      'GET /api/sms-auth-status': smsOn,
      'POST /api/auth/sms/request-code': () => ({
        body: { message: 'sent', expiresInSeconds: 300 },
      }),
      'POST /api/auth/sms/verify-code': () => ({ body: { user: user(role) } }),
    });
    const { location } = renderPage(<LoginPage />, '/login');
    await userEvent.click(await screen.findByRole('tab', { name: 'SMS Code (Engineers)' }));
    await userEvent.type(await screen.findByLabelText('Mobile Number'), '07700900001');
    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    const code = await screen.findByLabelText('Verification Code');
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Login' }));
    expect(await screen.findByText('Verification code must be 6 digits')).toBeTruthy();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Login' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/engineer'));

    role = 'contractor';
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Login' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('toasts the SMS errors of spec §8', async () => {
    let requestReply = { status: 403, body: { message: 'off', code: 'SMS_AUTH_DISABLED' } };
    stubApi({
      'GET /api/sms-auth-status': smsOn,
      'POST /api/auth/sms/request-code': () => requestReply,
    });
    renderPage(<LoginPage />, '/login');
    await userEvent.click(await screen.findByRole('tab', { name: 'SMS Code (Engineers)' }));
    await userEvent.type(await screen.findByLabelText('Mobile Number'), '07700900001');
    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('SMS Authentication Disabled')).toBeTruthy();
    expect(
      screen.getByText(
        'SMS login is currently unavailable. Please contact support for assistance.',
      ),
    ).toBeTruthy();

    requestReply = { status: 500, body: {} as never };
    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('Failed to Send Code')).toBeTruthy();
    expect(screen.getByText('Could not send verification code')).toBeTruthy();
  });

  it('resets to the phone step when verify answers SMS_AUTH_DISABLED, and to the email tab when the status turns off', async () => {
    let enabled = true;
    stubApi({
      'GET /api/sms-auth-status': () => ({ body: { smsAuthenticationEnabled: enabled } }),
      'POST /api/auth/sms/request-code': () => ({
        body: { message: 'sent', expiresInSeconds: 300 },
      }),
      'POST /api/auth/sms/verify-code': () => ({
        status: 403,
        body: { message: 'off', code: 'SMS_AUTH_DISABLED' },
      }),
    });
    renderPage(<LoginPage />, '/login');
    await userEvent.click(await screen.findByRole('tab', { name: 'SMS Code (Engineers)' }));
    await userEvent.type(await screen.findByLabelText('Mobile Number'), '07700900001');
    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    await userEvent.type(await screen.findByLabelText('Verification Code'), '123456');
    enabled = false;
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Login' }));
    expect(await screen.findByText('SMS Authentication Disabled')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('tab')).toBeNull());
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });
});
