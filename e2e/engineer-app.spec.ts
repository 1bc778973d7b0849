import type { BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  photoCategories,
  photoCategoryLabels,
  visitPaths,
  type EngineerVisit,
  type VisitRecord,
} from '../src/shared/visits/visit-record';
import {
  ENGINEER,
  checkInNow,
  expectNoAxeViolations,
  freshVisits,
  recordVisit,
} from './engineer-visits';
import { apiAs, expect, signIn, test } from './fixtures';

// Issue 13: the engineer app on a phone, offline for a visit, every change arriving once.

// Each test records whole visits and uploads their photos (sharp on the server): give them room.
test.describe.configure({ timeout: 180_000 });

test.use({
  viewport: { width: 390, height: 844 },
  serviceWorkers: 'allow',
  permissions: ['geolocation'],
  geolocation: { latitude: 51.5072, longitude: -0.1276, accuracy: 12 },
});

let photo: Buffer;
test.beforeAll(async () => {
  photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
});

async function serverRecord(baseURL: string, visitId: string): Promise<VisitRecord> {
  const api = await apiAs(baseURL, ENGINEER);
  const res = await api.get(visitPaths.record(visitId));
  expect(res.status(), await res.text()).toBe(200);
  const record = (await res.json()) as VisitRecord;
  await api.dispose();
  return record;
}

/** Signs in, opens /engineer online once, and waits until the service worker runs the page. */
async function openAppOnline(page: Page, visit: EngineerVisit) {
  await signIn(page, ENGINEER);
  await page.goto('/engineer');
  await expect(page.getByRole('heading', { name: 'My visits' })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByRole('link', { name: new RegExp(visit.orderNumber) })).toBeVisible();
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect(page.getByTestId('online-indicator')).toContainText('Offline');
}

/** 1 check-in + survey + 8 photos + serials + commissioning + sign-off + complete. */
const CHANGES_PER_VISIT = 6 + photoCategories.length;

test('a visit recorded entirely offline survives a reload and reaches the server exactly once', async ({
  page,
  context,
  baseURL,
}) => {
  const [visit] = await freshVisits(baseURL!);
  expect(visit, 'the demo engineer has an open visit').toBeDefined();
  await openAppOnline(page, visit!);
  await expectNoAxeViolations(page, 'my visits');

  await goOffline(context, page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My visits' })).toBeVisible();
  await recordVisit(page, visit!, photo, { axe: true });
  await expect(page.getByTestId('online-indicator')).toContainText(`${CHANGES_PER_VISIT} to sync`);

  // Closed and reopened with no network: everything is where it was.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Visit completed' })).toBeVisible();
  await expect(page.getByTestId('visit-sync-state')).toHaveText(
    `${CHANGES_PER_VISIT} changes waiting to be sent.`,
  );
  await expectNoAxeViolations(page, 'visit completed (offline)');
  // Nothing reached the server while offline.
  expect((await serverRecord(baseURL!, visit!.id)).checkIn).toBeNull();

  // The Debug panel shows the outbox.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('checkbox', { name: 'Show debug info' }).check();
  await expect(page.getByTestId('engineer-debug')).toContainText(`Outbox (${CHANGES_PER_VISIT})`);
  await expect(page.getByTestId('engineer-debug')).toContainText('Storage used');
  await page.getByRole('checkbox', { name: 'Show debug info' }).uncheck();

  await context.setOffline(false);
  await expect(page.getByTestId('visit-sync-state')).toHaveText(
    'Everything has reached the server.',
    { timeout: 120_000 },
  );
  await expect(page.getByTestId('online-indicator')).toHaveText('Online');

  const record = await serverRecord(baseURL!, visit!.id);
  expect(record.status).toBe('completed');
  expect(record.outcome?.result).toBe('completed');
  expect(record.checkIn?.position?.latitude).toBeCloseTo(51.5072, 3);
  expect(record.survey?.mountingType).toBe('wall');
  expect(record.photos).toHaveLength(photoCategories.length);
  expect(new Set(record.photos.map((p) => p.category)).size).toBe(photoCategories.length);
  expect(record.commissioning?.downloadMbps).toBe(180);
  expect(record.signOff?.name).toBe('Pat Customer');
  expect(record.missing).toEqual([]);
});

test('a cut mid-upload and a 500 are retried with the same key, and nothing arrives twice', async ({
  page,
  context,
  baseURL,
}) => {
  const visits = await freshVisits(baseURL!);
  const visit = visits[0]!;
  await openAppOnline(page, visit);
  await goOffline(context, page);
  await page.getByRole('link', { name: new RegExp(visit.orderNumber) }).click();
  await checkInNow(page, visit);
  await expect(page.getByRole('heading', { name: 'Survey and safety' })).toBeVisible();
  await page.goto(`/engineer/visits/${visit.id}/photos`);
  for (const category of photoCategories.slice(0, 3)) {
    await page.getByLabel(`Take photo: ${photoCategoryLabels[category]}`).setInputFiles({
      name: 'p.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await expect(
      page.getByRole('img', { name: `${photoCategoryLabels[category]} photo 1` }),
    ).toBeVisible();
  }

  // The check-in meets a 500 once; the first photo reaches the server but the answer is lost
  // on the way back (the network cut mid-upload).
  const seen: Array<{ url: string; key: string | null }> = [];
  let checkInFailed = false;
  let uploadCut = false;
  await context.route('**/api/visits/**', async (route) => {
    const request = route.request();
    seen.push({ url: request.url(), key: await request.headerValue('idempotency-key') });
    if (request.url().endsWith('/check-in') && !checkInFailed) {
      checkInFailed = true;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"boom"}',
      });
    }
    if (request.url().includes('/photos/') && !uploadCut) {
      uploadCut = true;
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.continue();
  });

  await context.setOffline(false);
  await expect(page.getByTestId('online-indicator')).toHaveText('Online', { timeout: 30_000 });

  const checkIns = seen.filter((s) => s.url.endsWith('/check-in'));
  expect(checkIns.length).toBe(2);
  expect(checkIns[0]!.key).toBe(checkIns[1]!.key);
  const uploads = seen.filter((s) => s.url.includes('/photos/'));
  expect(uploads.length).toBe(4);
  expect(uploads[0]!.key).toBe(uploads[1]!.key);

  const record = await serverRecord(baseURL!, visit.id);
  expect(record.checkIn).not.toBeNull();
  expect(record.photos).toHaveLength(3);
  expect(new Set(record.photos.map((p) => p.id)).size).toBe(3);
});

test('a visit failed with a reason reaches the server with it', async ({
  page,
  context,
  baseURL,
}) => {
  const visits = await freshVisits(baseURL!);
  const visit = visits[0]!;
  await openAppOnline(page, visit);
  await goOffline(context, page);
  await page.getByRole('link', { name: new RegExp(visit.orderNumber) }).click();
  await page.getByRole('button', { name: 'Cannot finish? Fail the visit' }).click();
  await expect(page.getByRole('heading', { name: 'Fail the visit' })).toBeVisible();
  await page.getByLabel('Reason').selectOption('other');
  await page.getByRole('button', { name: 'Fail the visit' }).click();
  await expect(page.getByText('Describe what happened')).toBeVisible();
  await expectNoAxeViolations(page, 'fail');
  await page.getByLabel('Reason').selectOption('no_access');
  await page.getByLabel('Notes').fill('Gate locked, no answer on the phone');
  await page.getByRole('button', { name: 'Fail the visit' }).click();
  await expect(page.getByRole('heading', { name: 'Visit failed' })).toBeVisible();
  await expect(page.getByText('Reason: No access')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('visit-sync-state')).toHaveText(
    'Everything has reached the server.',
    {
      timeout: 120_000,
    },
  );
  const record = await serverRecord(baseURL!, visit.id);
  expect(record.outcome).toMatchObject({ result: 'failed', failureReason: 'no_access' });
  expect(record.outcome?.notes).toBe('Gate locked, no answer on the phone');
});
