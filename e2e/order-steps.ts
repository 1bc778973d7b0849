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

export type NewOrderFields = {
  partnerReference: string;
  surname: string;
  email: string;
  phone: string;
  addressLine1: string;
  town: string;
  /** As typed: the form takes it in any case and spacing. */
  postcode: string;
};

/**
 * Fills /orders/new for a SkyReach "Standard installation" for Morwenna `surname`, creates it
 * (continuing with a new customer if the phone matches a demo one) and answers the order's
 * number and page path.
 */
export async function createOrder(page: Page, fields: NewOrderFields) {
  await page.goto('/orders/new');
  await page.getByLabel('Partner', { exact: true }).selectOption({ label: 'SkyReach Broadband' });
  await page.getByLabel('Partner reference').fill(fields.partnerReference);
  await page.getByLabel('Job type').selectOption({ label: 'Standard installation' });
  // The job type's defaults fill price and payout.
  await expect(page.getByLabel('Price to partner')).not.toHaveValue('');
  await page.getByLabel('First name').fill('Morwenna');
  await page.getByLabel('Last name').fill(fields.surname);
  await page.getByLabel('Email').fill(fields.email);
  await page.getByLabel('Phone').fill(fields.phone);
  await page.getByLabel('Address line 1').fill(fields.addressLine1);
  await page.getByLabel('Town').fill(fields.town);
  await page.getByLabel('Postcode').fill(fields.postcode);
  await page.getByRole('button', { name: 'Create order' }).click();
  // The same phone may belong to a demo customer: continue with a new customer if asked.
  const duplicate = page.getByRole('dialog', { name: 'This customer may already exist' });
  const heading = page.getByRole('heading', { level: 1, name: /^UPL-/ });
  await expect(duplicate.or(heading)).toBeVisible();
  if (await duplicate.isVisible())
    await duplicate.getByRole('button', { name: 'Create a new customer' }).click();
  await expect(heading).toBeVisible();
  return {
    orderNumber: (await heading.innerText()).trim(),
    orderPath: new URL(page.url()).pathname,
  };
}
