import type { APIRequestContext, Page } from '@playwright/test';
import { extractCode, extractSetPasswordLink } from '../tests/support/smtp-capture';
import { apiAs, DEMO_PASSWORD, expect, test } from './fixtures';

// spec §2 (login and set-password pages), §4, §5, §8, §9: the sign-in flows in a real browser
// against the real server; email codes come from the local SMTP capture, SMS codes from the
// local stand-in for the SMS provider.

async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Turns SMS sign-in on or off through the back-office setting. */
async function setSmsLogin(api: APIRequestContext, enabled: boolean) {
  const res = await api.put('/api/sms-settings/login', { data: { enabled } });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('email and password', () => {
  // spec §4: back_office → / (then the home redirect to /back-office), contractor →
  // /contractor, engineer → /engineer, anything else → / (a customer stays on the home page).
  for (const [email, path] of [
    ['office@example.com', '/back-office'],
    ['contractor@example.com', '/contractor'],
    ['engineer@example.com', '/engineer'],
    ['dual@example.com', '/contractor'],
    ['customer@example.com', '/'],
  ] as const) {
    test(`${email} signs in and lands on ${path}`, async ({ page, baseURL }) => {
      await page.goto('/login');
      await fillCredentials(page, email, DEMO_PASSWORD);
      await expect(page.getByText('Login Successful', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(`${baseURL}${path}`);
      const me = await page.request.get('/api/auth/user');
      expect(((await me.json()) as { email: string }).email).toBe(email);
    });
  }

  test('shows the validation messages and sends nothing while they stand', async ({ page }) => {
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) loginCalls += 1;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page.getByText('Please enter a valid email address', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('office@');
    await page.getByLabel('Password', { exact: true }).fill('x');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page.getByText('Please enter a valid email address', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toBeHidden();
    expect(loginCalls).toBe(0);
  });

  test("a wrong password toasts 'Login Failed' with the server's message", async ({ page }) => {
    await page.goto('/login');
    await fillCredentials(page, 'nobody@example.com', 'not-the-password');
    const toast = page.getByRole('status').filter({ hasText: 'Login Failed' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the 'Need Access?' box tells visitors whom to ask", async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Need Access?' })).toBeVisible();
    await expect(
      page.getByText(
        'contact the project coordinator or back-office administrator to get an account',
      ),
    ).toBeVisible();
  });

  test('Sign Out ends the session and returns to /login', async ({ page, baseURL }) => {
    await page.goto('/login');
    await fillCredentials(page, 'contractor@example.com', DEMO_PASSWORD);
    await expect(page).toHaveURL(`${baseURL}/contractor`);
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await expect(page).toHaveURL(`${baseURL}/login`);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await page.goto('/contractor');
    await expect(page).toHaveURL(`${baseURL}/login`);
  });
});

test('email two-factor: the code from the email signs office2fa in', async ({
  page,
  baseURL,
  mailbox,
}) => {
  await page.goto('/login');
  const since = new Date();
  await fillCredentials(page, 'office2fa@example.com', DEMO_PASSWORD);
  await expect(page.getByText('Verification Code Sent', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Please check your email for the verification code.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByText('office2fa@example.com', { exact: true })).toBeVisible();

  const codeInput = page.getByLabel('Verification Code', { exact: true });
  await expect(codeInput).toHaveAttribute('maxlength', '6');
  await codeInput.fill('12');
  await page.getByRole('button', { name: 'Verify & Login' }).click();
  await expect(page.getByText('Verification code must be 6 digits', { exact: true })).toBeVisible();

  const email = await mailbox.waitForMessage('office2fa@example.com', { since });
  expect(email.subject).toBe('Your Uplink verification code');
  const code = extractCode(email.text);
  const wrong = code === '000000' ? '111111' : '000000';
  await codeInput.fill(wrong);
  await page.getByRole('button', { name: 'Verify & Login' }).click();
  await expect(page.getByText('Verification Failed', { exact: true })).toBeVisible();

  await codeInput.fill(code);
  await page.getByRole('button', { name: 'Verify & Login' }).click();
  await expect(page.getByText('Login Successful', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/back-office`);
});

test("'Back to Login' leaves the two-factor step", async ({ page }) => {
  await page.goto('/login');
  await fillCredentials(page, 'office2fa@example.com', DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test.describe('SMS sign-in', () => {
  test('phone validation, the 5:00 countdown, Resend Code at 0:00, and sign-in with the texted code', async ({
    page,
    baseURL,
    smsInbox,
  }) => {
    await page.clock.install();
    await page.goto('/login');
    await page.getByRole('tab', { name: 'SMS Code (Engineers)' }).click();

    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByText('Phone number is required', { exact: true })).toBeVisible();
    await page.getByLabel('Mobile Number', { exact: true }).fill('01632 960000');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(
      page.getByText('Please enter a valid UK mobile number (e.g., 07123456789 or +447123456789)', {
        exact: true,
      }),
    ).toBeVisible();

    const firstSince = new Date();
    await page.getByLabel('Mobile Number', { exact: true }).fill('07700 900001');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByText('Code Sent', { exact: true })).toBeVisible();
    const countdown = page.getByTestId('sms-countdown');
    await expect(countdown).toHaveText('Code expires in 5:00');
    const first = await smsInbox.waitForMessage('+447700900001', { since: firstSince });
    expect(first.from).toBe('+447700900999');
    await expect(page.getByRole('button', { name: 'Resend Code' })).toBeHidden();

    await page.clock.fastForward(61_000);
    // The clock also runs on in real time, so a loaded machine may be a few seconds further on.
    await expect(countdown).toHaveText(/^Code expires in 3:5\d$/);
    await page.getByLabel('Verification Code', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Verify & Login' }).click();
    await expect(
      page.getByText('Verification code must be 6 digits', { exact: true }),
    ).toBeVisible();

    await page.clock.fastForward(240_000);
    await expect(countdown).toContainText('The code has expired');
    const secondSince = new Date();
    await page.getByRole('button', { name: 'Resend Code' }).click();
    await expect(countdown).toHaveText('Code expires in 5:00');
    const second = await smsInbox.waitForMessage('+447700900001', { since: secondSince });

    await page.getByLabel('Verification Code', { exact: true }).fill(extractCode(second.body));
    await page.getByRole('button', { name: 'Verify & Login' }).click();
    await expect(page.getByText('Login Successful', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/engineer`);
  });

  test("'Use Different Phone Number' goes back to the phone step; a wrong code fails", async ({
    page,
    smsInbox,
  }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'SMS Code (Engineers)' }).click();
    const since = new Date();
    await page.getByLabel('Mobile Number', { exact: true }).fill('07700900002');
    await page.getByRole('button', { name: 'Send Code' }).click();
    const sms = await smsInbox.waitForMessage('+447700900002', { since });
    const code = extractCode(sms.body);
    await page
      .getByLabel('Verification Code', { exact: true })
      .fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify & Login' }).click();
    await expect(page.getByText('Verification Failed', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Use Different Phone Number' }).click();
    await expect(page.getByLabel('Mobile Number', { exact: true })).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Send Code' })).toBeVisible();
  });

  test('when SMS sign-in is off the tabs are hidden, and turning it off reverts to the email tab', async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs(baseURL, 'office@example.com');
    try {
      await setSmsLogin(api, false);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
      await expect(page.getByRole('tab')).toHaveCount(0);

      await setSmsLogin(api, true);
      await page.reload();
      await page.getByRole('tab', { name: 'SMS Code (Engineers)' }).click();
      await expect(page.getByLabel('Mobile Number', { exact: true })).toBeVisible();

      // spec §7: the status is read again when the window regains focus.
      await setSmsLogin(api, false);
      await page.evaluate(() => {
        // TanStack Query's focus manager listens for visibilitychange on the window.
        window.dispatchEvent(new Event('visibilitychange'));
      });
      await expect(page.getByRole('tab')).toHaveCount(0);
      await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Mobile Number', { exact: true })).toBeHidden();
    } finally {
      await setSmsLogin(api, true);
      await api.dispose();
    }
  });

  test("asking for a code while SMS sign-in is off toasts 'SMS Authentication Disabled'", async ({
    page,
    baseURL,
  }) => {
    const api = await apiAs(baseURL, 'office@example.com');
    try {
      await page.goto('/login');
      await page.getByRole('tab', { name: 'SMS Code (Engineers)' }).click();
      await page.getByLabel('Mobile Number', { exact: true }).fill('07700900001');
      await setSmsLogin(api, false);
      await page.getByRole('button', { name: 'Send Code' }).click();
      await expect(page.getByText('SMS Authentication Disabled', { exact: true })).toBeVisible();
      await expect(
        page.getByText(
          'SMS login is currently unavailable. Please contact support for assistance.',
          { exact: true },
        ),
      ).toBeVisible();
      await expect(page.getByRole('tab')).toHaveCount(0);
    } finally {
      await setSmsLogin(api, true);
      await api.dispose();
    }
  });
});

test.describe('set-password and sign-up pages', () => {
  test('an unknown token shows the invalid-link state', async ({ page }) => {
    await page.goto('/set-password?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible();
    await expect(
      page.getByText(
        'This password setup link is invalid or has expired. Please contact your administrator for a new invitation.',
        { exact: true },
      ),
    ).toBeVisible();
    await page.goto('/set-password');
    await expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible();
  });

  test('an invitation link leads to set-password, then to sign-in with the new password', async ({
    page,
    baseURL,
    mailbox,
  }) => {
    const email = `e2e-invite-${Date.now()}@example.com`;
    const api = await apiAs(baseURL, 'office@example.com');
    const since = new Date();
    const invited = await api.post('/api/users', {
      data: {
        email,
        firstName: 'Iris',
        lastName: 'Invited',
        role: 'engineer',
        companyName: 'Skyline Installs',
      },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    await api.dispose();

    const mail = await mailbox.waitForMessage(email, { since });
    const link = new URL(extractSetPasswordLink(mail.text));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
    await expect(page.getByText('Iris Invited', { exact: true })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('Field Engineer', { exact: true })).toBeVisible();
    await expect(page.getByText('Skyline Installs', { exact: true })).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password', { exact: true }).fill('different');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(
      page.getByText('Password must be at least 8 characters', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText("Passwords don't match", { exact: true })).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('orbit-dish-lantern-42');
    await page.getByLabel('Confirm Password', { exact: true }).fill('orbit-dish-lantern-42');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText('Password Set Successfully', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/login`, { timeout: 5_000 });

    await fillCredentials(page, email, 'orbit-dish-lantern-42');
    await expect(page).toHaveURL(`${baseURL}/engineer`);

    // The link works once.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible();
  });

  test('a forgotten password emails a reset link to the same page', async ({ page, mailbox }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(
      page.getByText('Please enter a valid email address', { exact: true }),
    ).toBeVisible();
    const since = new Date();
    await page.getByLabel('Email', { exact: true }).fill('customer@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Check Your Email', { exact: true })).toBeVisible();
    const mail = await mailbox.waitForMessage('customer@example.com', { since });
    const link = new URL(extractSetPasswordLink(mail.text));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expect(page.getByText('customer@example.com', { exact: true })).toBeVisible();
  });

  test('/signup explains invitations and moves on to /login after 3 seconds', async ({
    page,
    baseURL,
  }) => {
    await page.clock.install();
    await page.goto('/signup');
    await expect(page.getByText(/Accounts are created by invitation/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      '/login',
    );
    await page.clock.fastForward(2_000);
    await expect(page).toHaveURL(`${baseURL}/signup`);
    await page.clock.fastForward(1_100);
    await expect(page).toHaveURL(`${baseURL}/login`);
  });
});
