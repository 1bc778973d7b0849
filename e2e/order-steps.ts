import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

// What the back-office order specs share: a postcode no demo order has, and a next step taken.

/** A postcode nobody else has: PL district 10–29, random inward code. */
export function uniquePostcode() {
  const letters = 'ABDEFGHJLNPQRSTUWXYZ';
  const pick = () => letters[Math.floor(Math.random() * letters.length)];
  return `PL${10 + Math.floor(Math.random() * 20)} ${Math.floor(Math.random() * 10)}${pick()}${pick()}`;
}

/** Clicks a next-step button on the back-office order page and confirms its dialog. */
export async function act(page: Page, label: string, fill?: (dialog: Locator) => Promise<void>) {
  await page
    .getByRole('region', { name: 'Next steps' })
    .getByRole('button', { name: label, exact: true })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (fill) await fill(dialog);
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(dialog).toBeHidden();
}
