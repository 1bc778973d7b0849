import { expect, test } from './fixtures';

test('the landing page welcomes a visitor with a sign-in button and three cards', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Uplink' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  for (const card of ['Field Engineers', 'Contractors', 'Back Office']) {
    await expect(page.getByRole('heading', { name: card })).toBeVisible();
  }
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the server reports ready and answers unknown API calls with JSON', async ({ request }) => {
  expect((await request.get('/readyz')).status()).toBe(200);
  const res = await request.get('/api/unknown');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
});
