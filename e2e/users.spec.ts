import type { Page } from '@playwright/test';
import { extractSetPasswordLink } from '../tests/support/smtp-capture';
import { apiAs, expect, signIn, test } from './fixtures';

// /users (back office): the list with search and filters, invitations through to the first
// sign-in, edits, two-factor reset, resent invitations, disable/enable, the server's refusals,
// and the messages outbox.

function uniqueEmail(label: string) {
  return `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

function userRow(page: Page, email: string) {
  return page.getByRole('row').filter({ hasText: email });
}

async function openUsers(page: Page) {
  await signIn(page, 'office@example.com');
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'User management' })).toBeVisible();
}

async function search(page: Page, text: string) {
  await page.getByLabel('Search', { exact: true }).fill(text);
}

async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('back office lists the users, searches and filters them', async ({ page }) => {
  await openUsers(page);
  for (const email of ['office@example.com', 'engineer@example.com', 'customer@example.com']) {
    await expect(userRow(page, email)).toBeVisible();
  }

  await search(page, 'dual@');
  await expect(userRow(page, 'dual@example.com')).toBeVisible();
  await expect(userRow(page, 'dual@example.com')).toContainText('+ Field Engineer');
  await expect(userRow(page, 'engineer@example.com')).toHaveCount(0);

  await search(page, '07700900001');
  await expect(userRow(page, 'engineer@example.com')).toBeVisible();
  await expect(userRow(page, 'dual@example.com')).toHaveCount(0);

  await search(page, '');
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Contractor' });
  await expect(userRow(page, 'contractor@example.com')).toBeVisible();
  await expect(userRow(page, 'office@example.com')).toHaveCount(0);

  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'All roles' });
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Disabled' });
  await expect(userRow(page, 'office@example.com')).toHaveCount(0);
});

test('an invitation from the dialog: validation, a taken email, the email, set password, sign in', async ({
  page,
  baseURL,
  mailbox,
}) => {
  await openUsers(page);
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Invite user' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(
    dialog.getByText('Please enter a valid email address', { exact: true }),
  ).toBeVisible();
  await expect(dialog.getByText('First name is required', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Last name is required', { exact: true })).toBeVisible();

  await dialog.getByLabel('Email', { exact: true }).fill('engineer@example.com');
  await dialog.getByLabel('First Name', { exact: true }).fill('Nina');
  await dialog.getByLabel('Last Name', { exact: true }).fill('Newstart');
  await dialog.getByLabel('Mobile Phone', { exact: true }).fill('0123');
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(
    dialog.getByText('Please enter a valid UK mobile number (e.g., 07123456789 or +447123456789)', {
      exact: true,
    }),
  ).toBeVisible();

  // The server refuses a taken email: its message shows on the Email field.
  await dialog.getByLabel('Mobile Phone', { exact: true }).fill('');
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(
    dialog.getByText('A user with this email address already exists', { exact: true }),
  ).toBeVisible();

  const email = uniqueEmail('dialog');
  const since = new Date();
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Role', { exact: true }).selectOption({ label: 'Field Engineer' });
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Invitation Sent', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await search(page, email);
  await expect(userRow(page, email)).toContainText('Invited');
  await expect(userRow(page, email)).toContainText('Field Engineer');

  // A background job sends the email: wait for it to arrive, then for the job to record it.
  const mail = await mailbox.waitForMessage(email, { since });
  await page.getByRole('tab', { name: 'Messages' }).click();
  await expect(page).toHaveURL(/\/users\?tab=messages$/);
  await page.getByLabel('Recipient', { exact: true }).fill(email);
  const messageRow = page.getByRole('row').filter({ hasText: email });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(messageRow).toContainText('Sent', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(messageRow).toContainText('Your Uplink account is ready: set your password');
  await messageRow.getByRole('button', { name: /^Read/ }).click();
  // Delivered through SMTP here, so the link in it is not kept (an outbox message keeps its text).
  await expect(
    page.getByRole('dialog').getByRole('heading', {
      name: 'Your Uplink account is ready: set your password',
    }),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText('The text is not kept');
  await page.keyboard.press('Escape');

  const link = new URL(extractSetPasswordLink(mail.text));
  await page.context().clearCookies();
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Nina Newstart', { exact: true })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('kestrel-ridge-antenna-7');
  await page.getByLabel('Confirm Password', { exact: true }).fill('kestrel-ridge-antenna-7');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(`${baseURL}/login`, { timeout: 5_000 });
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('kestrel-ridge-antenna-7');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${baseURL}/engineer`);
});

test('edit, reset two-factor, resend the invitation, disable and enable', async ({
  page,
  baseURL,
  mailbox,
}) => {
  const email = uniqueEmail('manage');
  const api = await apiAs(baseURL, 'office@example.com');
  const created = await api.post('/api/users', {
    data: {
      email,
      firstName: 'Carl',
      lastName: 'Contract',
      role: 'contractor',
      twoFactorMethod: 'email',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await api.dispose();

  await openUsers(page);
  await search(page, email);
  const row = userRow(page, email);
  await expect(row).toContainText('2FA email');

  await rowAction(page, 'Carl Contract', 'Edit');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Last Name', { exact: true }).fill('Contractor-Installer');
  await dialog.getByLabel('Field Engineer', { exact: true }).check();
  await dialog.getByLabel('Mobile Phone', { exact: true }).fill('07700 900555');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User Updated', { exact: true })).toBeVisible();
  await expect(row).toContainText('Carl Contractor-Installer');
  await expect(row).toContainText('+ Field Engineer');
  await expect(row).toContainText('07700 900555');

  await rowAction(page, 'Carl Contractor-Installer', 'Reset Two-Factor');
  await expect(page.getByText('Two-Factor Reset', { exact: true })).toBeVisible();
  await expect(row).not.toContainText('2FA email');

  const since = new Date();
  await rowAction(page, 'Carl Contractor-Installer', 'Resend Invitation');
  await expect(page.getByText('Invitation Sent', { exact: true })).toBeVisible();
  const resent = await mailbox.waitForMessage(email, { since });
  expect(resent.text).toContain('/set-password?token=');

  await rowAction(page, 'Carl Contractor-Installer', 'Disable');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disable User' }).click();
  await expect(page.getByText('User Disabled', { exact: true })).toBeVisible();
  await expect(row).toContainText('Disabled');

  await rowAction(page, 'Carl Contractor-Installer', 'Enable');
  await expect(page.getByText('User Enabled', { exact: true })).toBeVisible();
  await expect(row).not.toContainText('Disabled');
});

test("the server's refusal shows: back office cannot disable their own account", async ({
  page,
}) => {
  await openUsers(page);
  await search(page, 'office@example.com');
  const row = userRow(page, 'office@example.com');
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disable User' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'You cannot disable your own account' });
  await expect(toast).toBeVisible();
  await expect(userRow(page, 'office@example.com')).not.toContainText('Disabled');
});

test('only back office opens /users', async ({ page }) => {
  await signIn(page, 'contractor@example.com');
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'User management' })).toHaveCount(0);
  expect((await page.request.get('/api/users')).status()).toBe(403);
  expect((await page.request.get('/api/messages')).status()).toBe(403);
});
