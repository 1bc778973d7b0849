import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { ContractorEngineerList } from '../src/shared/contractor-engineers/contractor-engineers.contracts';
import { visitToMove } from '../src/shared/contractor-engineers/visit-labels';
import { extractSetPasswordLink } from '../tests/support/smtp-capture';
import { apiAs, expect, signIn, test } from './fixtures';

// Issue 12, /contractor-management: a contractor's own engineers. Invitations through to the
// engineer's first sign-in, disabling refused while visits are to come (naming them), disable
// and enable, the dual-role owner in the list and switching modes, axe and phone/desktop layout.

const contractor = 'contractor@example.com';
const dual = 'dual@example.com';

function uniqueEmail(label: string) {
  return `e2e-ce-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

function engineerRow(page: Page, email: string) {
  return page.getByRole('row').filter({ hasText: email });
}

async function openEngineers(page: Page, email = contractor) {
  await signIn(page, email);
  await page.goto('/contractor-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Engineers' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(/^Tamar Satellite Services Ltd: invite/)).toBeVisible();
}

async function axeViolations(page: Page) {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the contractor invites an engineer, who sets a password and signs in to the engineer app', async ({
  page,
  baseURL,
  mailbox,
}) => {
  // Email delivery, a password hash and two redirects: a long flow on a loaded machine.
  test.slow();
  await openEngineers(page);
  // The company's three demo engineers, the dual-role owner among them.
  await expect(engineerRow(page, 'engineer@example.com')).toContainText('Emma Engineer');
  await expect(engineerRow(page, dual)).toContainText('Contractor and engineer');
  await expect(engineerRow(page, 'sam.penrose@tamar-satellite.example.com')).toContainText(
    '07700 900003',
  );
  await expect(engineerRow(page, contractor)).toHaveCount(0);

  await page.getByRole('button', { name: 'Invite engineer' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Invite an engineer' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    dialog.getByText('Please enter a valid email address', { exact: true }),
  ).toBeVisible();
  await expect(dialog.getByText('First name is required', { exact: true })).toBeVisible();

  // The server's refusal of a taken phone lands on the field.
  const email = uniqueEmail('invite');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First name').fill('Petroc');
  await dialog.getByLabel('Last name').fill('Newlyn');
  await dialog.getByLabel('Mobile phone').fill('07700900001');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    dialog.getByText('Another user already has this phone number', { exact: true }),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const phone = `077009${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  await dialog.getByLabel('Mobile phone').fill(phone);
  const since = new Date();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = engineerRow(page, email);
  await expect(row).toContainText('Petroc Newlyn');
  await expect(row).toContainText('Invited');
  await expect(row).toContainText(`${phone.slice(0, 5)} ${phone.slice(5)}`);

  const mail = await mailbox.waitForMessage(email, { since });
  expect(mail.subject).toBe('Your Uplink account is ready: set your password');
  expect(mail.text).toContain('has invited you to Uplink as Field Engineer');
  const link = new URL(extractSetPasswordLink(mail.text));
  await page.context().clearCookies();
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Petroc Newlyn', { exact: true })).toBeVisible();
  await expect(page.getByText('Tamar Satellite Services Ltd', { exact: true })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('tamar-bridge-dish-42');
  await page.getByLabel('Confirm Password', { exact: true }).fill('tamar-bridge-dish-42');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(`${baseURL}/login`, { timeout: 5_000 });
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('tamar-bridge-dish-42');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${baseURL}/engineer`);
});

test('disabling an engineer with visits to come is refused, naming each visit', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs(baseURL, contractor);
  const list = (await (
    await api.get('/api/contractor-engineers')
  ).json()) as ContractorEngineerList;
  await api.dispose();
  const emma = list.items.find((e) => e.email === 'engineer@example.com')!;
  expect(emma.futureVisits.length, 'the demo engineer has visits to come').toBeGreaterThan(0);

  await openEngineers(page);
  const row = engineerRow(page, emma.email);
  await expect(row).toContainText(`${emma.futureVisits.length} visit`);
  await row.getByRole('button', { name: 'Disable Emma Engineer' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Disable engineer' }).click();
  await expect(
    dialog.getByRole('heading', { name: 'Move Emma Engineer’s visits first' }),
  ).toBeVisible();
  const visits = dialog.getByRole('list', { name: 'Visits to move first' }).getByRole('listitem');
  await expect(visits).toHaveText(emma.futureVisits.map(visitToMove));
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('Active');
});

test('edit the mobile, disable and enable an engineer', async ({ page, baseURL }) => {
  const email = uniqueEmail('toggle');
  const api = await apiAs(baseURL, contractor);
  const created = await api.post('/api/contractor-engineers', {
    data: { email, firstName: 'Tamsin', lastName: 'Toggle' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await api.dispose();

  await openEngineers(page);
  const row = engineerRow(page, email);
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('No mobile');
  await row.getByRole('button', { name: 'Edit Tamsin Toggle' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel('Mobile phone').fill('not a phone');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    edit.getByText('Please enter a valid UK mobile number (e.g., 07123456789 or +447123456789)'),
  ).toBeVisible();
  const phone = `077009${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  await edit.getByLabel('Mobile phone').fill(phone);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText(`${phone.slice(0, 5)} ${phone.slice(5)}`);

  await row.getByRole('button', { name: 'Disable Tamsin Toggle' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disable engineer' }).click();
  await expect(page.getByText('Engineer disabled', { exact: true })).toBeVisible();
  await expect(row).toContainText('Disabled');
  await row.getByRole('button', { name: 'Enable Tamsin Toggle' }).click();
  await expect(page.getByText('Engineer enabled', { exact: true })).toBeVisible();
  await expect(row).toContainText('Invited');
  await expect(
    row.getByRole('button', { name: 'Resend invitation to Tamsin Toggle' }),
  ).toBeVisible();
});

test('back office opening the page is pointed to the contractor pages', async ({ page }) => {
  await signIn(page, 'office@example.com');
  await page.goto('/contractor-management');
  await expect(page.getByRole('heading', { name: 'For contractor companies' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('main').getByRole('link', { name: 'Contractors' })).toHaveAttribute(
    'href',
    '/contractors',
  );
});

test('the dual-role owner is listed as an engineer and switches between contractor and engineer modes', async ({
  page,
}) => {
  await openEngineers(page, dual);
  const own = engineerRow(page, dual);
  await expect(own).toContainText('You');
  await expect(own).toContainText('Contractor and engineer');
  await expect(own.getByRole('button', { name: /^Disable/ })).toHaveCount(0);
  await expect(own.getByRole('button', { name: 'Edit Dylan Dual' })).toBeVisible();

  await page.goto('/contractor');
  await page.getByRole('button', { name: 'Change to Engineer mode' }).click();
  await expect(page).toHaveURL(/\/engineer$/);
  await expect(page.getByRole('button', { name: 'Change to Contractor mode' })).toBeVisible();
  await page.getByRole('button', { name: 'Change to Contractor mode' }).click();
  await expect(page).toHaveURL(/\/contractor$/);
  await expect(page.getByRole('button', { name: 'Change to Engineer mode' })).toBeVisible();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the engineers page at ${viewport.width}x${viewport.height}: every action in reach, no axe violations`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openEngineers(page);
    const emma =
      viewport.width < 768
        ? page
            .getByRole('list', { name: 'Engineers' })
            .getByRole('listitem')
            .filter({ hasText: 'engineer@example.com' })
        : engineerRow(page, 'engineer@example.com');
    await expect(emma).toBeVisible();
    for (const name of ['Edit Emma Engineer', 'Disable Emma Engineer']) {
      const button = emma.getByRole('button', { name });
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(sideways).toBeLessThanOrEqual(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({
      path: `test-results/contractor-engineers-${viewport.width}.png`,
      fullPage: true,
    });
  });
}
