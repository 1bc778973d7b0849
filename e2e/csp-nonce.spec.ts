import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 18: each HTML answer has its own CSP nonce. In a real browser the pages still run under
// that policy with nothing refused, and the nonce the page holds is the one its header names.

/** Every CSP refusal the page reports, collected from the moment it starts loading. */
async function watchViolations(page: Page): Promise<string[]> {
  const refused: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith('CSP refused:')) refused.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP refused: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return refused;
}

function headerNonce(policy: string | undefined): string {
  const match = /script-src[^;]*'nonce-([^']+)'/.exec(policy ?? '');
  expect(match, policy).not.toBeNull();
  return match![1]!;
}

test('the app page runs under its own nonce, a new one on each load', async ({ page }) => {
  const refused = await watchViolations(page);
  const nonces: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const response = await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Uplink' })).toBeVisible();
    const nonce = headerNonce(response!.headers()['content-security-policy']);
    const held = await page.evaluate(
      () => document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '',
    );
    expect(held).toBe(nonce);
    nonces.push(nonce);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
  expect(refused).toEqual([]);
});

test('the API docs page runs under its own nonce, a new one on each load', async ({ page }) => {
  const refused = await watchViolations(page);
  const nonces: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const response = await page.goto('/api/v1/docs/');
    await expect(page.getByRole('heading', { name: 'Uplink partner API' }).first()).toBeVisible();
    const nonce = headerNonce(response!.headers()['content-security-policy']);
    const held = await page.evaluate(() =>
      [...document.querySelectorAll('script')].map((script) => script.nonce),
    );
    expect(held.length).toBeGreaterThan(0);
    expect(new Set(held)).toEqual(new Set([nonce]));
    nonces.push(nonce);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
  // Scalar tries `eval` once and carries on without it; the policy keeps refusing it on purpose.
  expect(refused.filter((text) => text !== 'CSP refused: script-src eval')).toEqual([]);
});
