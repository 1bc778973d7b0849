import sharp from 'sharp';
import { expectNoAxeViolations } from './engineer-visits';
import { apiAs, expect, signIn, test } from './fixtures';

// Issue 21: the logo uploaded at /settings heads the customer's pages on a phone (390x844),
// no wider than the screen. The logo is removed afterwards (or the one before put back): the
// other specs on this worker's server expect the demo's settings.

test.use({ viewport: { width: 390, height: 844 } });

test("the company logo heads the customer's pages on a phone, within the screen", async ({
  page,
  baseURL,
}) => {
  const office = await apiAs(baseURL, 'office@example.com');
  const general = (await (await office.get('/api/settings/general')).json()) as {
    company: { name: string; logoUrl: string | null };
  };
  const previous = general.company.logoUrl
    ? Buffer.from(await (await office.get(general.company.logoUrl)).body())
    : null;
  // As wide as an upload can be (600 x 200): the widest logo a phone has to fit.
  const png = await sharp({
    create: { width: 600, height: 200, channels: 3, background: '#1d4ed8' },
  })
    .png()
    .toBuffer();
  try {
    const uploaded = await office.post('/api/settings/company/logo', {
      data: { dataBase64: png.toString('base64') },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);

    await signIn(page, 'customer@example.com');
    const orders = (await (await page.request.get('/api/customer/orders')).json()) as {
      items: { orderNumber: string }[];
    };
    const orderPage = `/customer/${orders.items[0]!.orderNumber}`;
    for (const path of ['/customer', orderPage, `${orderPage} (signed out)`]) {
      if (path.endsWith('(signed out)')) {
        // The portal's postcode step, before anyone has proved the order is theirs.
        await page.context().clearCookies();
        await page.goto(orderPage);
        await expect(page.getByRole('heading', { name: 'Track your installation' })).toBeVisible();
      } else await page.goto(path);
      const logo = page.getByRole('img', { name: `${general.company.name} logo` });
      await expect(logo).toBeVisible();
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
      const box = (await logo.boundingBox())!;
      expect(box.height, path).toBeLessThanOrEqual(48);
      expect(box.x + box.width, path).toBeLessThanOrEqual(390);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page, `${path} with the logo`);
    }
  } finally {
    if (previous)
      await office.post('/api/settings/company/logo', {
        data: { dataBase64: previous.toString('base64') },
      });
    else await office.delete('/api/settings/company/logo');
    await office.dispose();
  }
});
