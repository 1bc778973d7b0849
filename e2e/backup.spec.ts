import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

// Issue 21: back office backs up now (with progress), sees the backup listed, downloads it and
// restores it with the name typed out; the app comes back with everyone signed out.

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.use({ viewport: { width: 1280, height: 800 } });

test('back up now, see it listed, download it, restore it with the typed name', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'office@example.com');
  await page.goto('/admin/backup');
  await expect(page.getByRole('heading', { level: 1, name: 'Backup' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Time (UK time)' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Back up now' }).click();
  const made = page.getByRole('status').filter({ hasText: /^Backup uplink-backup-/ });
  await expect(made).toBeVisible({ timeout: 120_000 });
  const name = (await made.textContent())!.match(/uplink-backup-\S+\.tar\.gz/)![0];
  const table = page.getByRole('table', { name: 'Backups' });
  await expect(table.getByRole('row').filter({ hasText: name })).toBeVisible();
  await expectNoAxeViolations(page);
  // On a phone the file name (no spaces) wraps rather than widen the page.
  const desk = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(made).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize(desk);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download ${name}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(name);

  await page.getByRole('button', { name: `Restore ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Restore this backup?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  const typed = dialog.getByRole('textbox', { name: `Type ${name} to confirm` });
  await typed.fill('uplink-backup-wrong.tar.gz');
  await dialog.getByRole('button', { name: 'Restore backup' }).click();
  await expect(dialog.getByText('The name you typed does not match this backup')).toBeVisible();
  await typed.fill(name);
  await dialog.getByRole('button', { name: 'Restore backup' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Restoring a backup' })).toBeVisible();
  await expect(
    page.getByText('Restore complete. Every session has ended; sign in again.'),
  ).toBeVisible({ timeout: 180_000 });
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login/);
  // Signed out: the backup page asks for a sign-in again.
  await signIn(page, 'office@example.com');
  await page.goto('/admin/backup');
  await expect(page.getByRole('table', { name: 'Backups' })).toContainText(name);
});
