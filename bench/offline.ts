// `npm run bench:offline` (issue 13): the engineer app in headless Chromium with the network
// cut records 10 visits with 10 photos each (generated 12-megapixel JPEGs), then the network
// comes back. Prints:
// - the time to drain the outbox against uploading the same resized bytes directly, one after
//   another, in the same run (target at most 1.5x);
// - the bytes sent against the originals (target at most 1/8);
// - the records on the server against the actions taken (must be equal);
// - the engineer app's JavaScript, gzipped, for a cold /engineer (target at most 250 KB).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  photoCategories,
  photoCategoryLabels,
  visitPaths,
  type EngineerVisitsResponse,
  type PhotoCategory,
  type VisitRecord,
} from '../src/shared/visits/visit-record';
import { openDatabase } from '../src/server/db/client';
import { freePort, spawnServer } from '../tests/support/server-process';

const VISITS = Number(process.env.BENCH_VISITS ?? 10);
const PHOTOS_PER_VISIT = 10;
const ENGINEER = 'engineer@example.com';
const PASSWORD = 'demo-pass-1234';
const root = path.resolve(import.meta.dirname, '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The categories of one visit's 10 photos: all eight required, then two more. */
const visitCategories: PhotoCategory[] = [...photoCategories, 'mount', 'site_after'];
/** check-in, survey, photos, serials, commissioning, sign-off, complete. */
const ACTIONS_PER_VISIT = 6 + PHOTOS_PER_VISIT;

/**
 * A 12-megapixel photo as a phone camera makes it: a scene (coarse colour structure, smoothly
 * upscaled) with the sensor's fine grain over every pixel, saved at the camera's JPEG quality.
 * The grain is what makes camera files large and what a resize averages away.
 */
async function cameraPhoto(index: number): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const scene = await sharp({
    create: {
      width: 250,
      height: 188,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .resize(width, height, { kernel: 'cubic' })
    .tint({ r: 40 + index * 20, g: 140, b: 220 - index * 15 })
    .raw()
    .toBuffer();
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 10 },
    },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < scene.length; i += 1) {
    scene[i] = Math.max(0, Math.min(255, scene[i]! + grain[i]! - 128));
  }
  return sharp(scene, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function makeOriginals(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < PHOTOS_PER_VISIT; i += 1) {
    const file = path.join(dir, `original-${i}.jpg`);
    writeFileSync(file, await cameraPhoto(i));
    files.push(file);
  }
  return files;
}

async function prepareVisits(dataDir: string, count: number): Promise<void> {
  // The demo seed gives the engineer a few visits; the bench needs `count` open ones today,
  // so it hands him scheduled visits of other demo engineers (the data folder is the bench's).
  const handle = await openDatabase({ dataDir });
  try {
    const { rows: engineers } = await handle.query(
      `select id, contractor_id from users where email = $1`,
      [ENGINEER],
    );
    const engineer = engineers[0] as { id: string; contractor_id: string };
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      new Date(),
    );
    const { rows } = await handle.query(
      `select v.id from visits v join orders o on o.id = v.order_id
        where v.status = 'scheduled' and v.checked_in_at is null and o.status = 'scheduled'
        order by (v.engineer_id = $1) desc, v.scheduled_date limit $2`,
      [engineer.id, count],
    );
    if (rows.length < count)
      throw new Error(`only ${rows.length} scheduled visits in the demo data`);
    await handle.query(
      `update visits set engineer_id = $1, contractor_id = $2, scheduled_date = $3
        where id = any($4::uuid[])`,
      [engineer.id, engineer.contractor_id, today, rows.map((r) => String(r.id))],
    );
    await handle.query(
      `update orders set contractor_id = $1 where id in (select order_id from visits where id = any($2::uuid[]))`,
      [engineer.contractor_id, rows.map((r) => String(r.id))],
    );
  } finally {
    await handle.close();
  }
}

async function startServer(dataDir: string) {
  const port = await freePort();
  const server = spawnServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  await server.ready;
  return server;
}

async function signIn(context: BrowserContext, baseURL: string) {
  const res = await context.request.post(`${baseURL}/api/auth/login`, {
    data: { email: ENGINEER, password: PASSWORD },
    headers: { Origin: baseURL },
  });
  if (res.status() !== 200) throw new Error(`sign in: ${res.status()} ${await res.text()}`);
}

/** Items still in the outbox, pending or refused. */
async function outboxCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('uplink-engineer');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('outbox').objectStore('outbox').count();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

async function pendingCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('uplink-engineer');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readonly');
          const request = tx.objectStore('outbox').index('status').count('pending');
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

async function recordVisit(page: Page, visitId: string, originals: string[]) {
  await page.goto(`/engineer/visits/${visitId}/check-in`);
  await page.getByRole('button', { name: 'Check in now' }).click();
  await page.getByLabel('Mounting type').selectOption('roof');
  await page.getByLabel('Cable route').fill('Under the eaves to the lounge');
  await page.getByLabel('Cable length used (m)').fill('18');
  await page.getByLabel('Power location').fill('Lounge');
  await page.getByLabel('Router location').fill('Lounge');
  await page.getByRole('checkbox', { name: /working-at-height/ }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('heading', { name: 'Photos' }).waitFor();
  const seen = new Map<string, number>();
  for (const [index, category] of visitCategories.entries()) {
    const label = photoCategoryLabels[category];
    const n = (seen.get(category) ?? 0) + 1;
    seen.set(category, n);
    await page.getByLabel(`Take photo: ${label}`).setInputFiles(originals[index]!);
    await page.getByRole('img', { name: `${label} photo ${n}` }).waitFor({ timeout: 60_000 });
  }
  await page.getByRole('button', { name: 'Next: serials' }).click();
  const visit = (await page.evaluate(
    (id) =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('uplink-engineer');
        open.onsuccess = () => {
          const request = open.result.transaction('visits').objectStore('visits').get(id);
          request.onsuccess = () => resolve((request.result as { data: unknown }).data);
        };
      }),
    visitId,
  )) as EngineerVisitsResponse['items'][number];
  const expected = (kind: 'dish' | 'router', fallback: string) =>
    visit.kitExpected.find((k) => k.kind === kind)?.expectedSerial ?? fallback;
  await page
    .getByRole('textbox', { name: 'Dish serial' })
    .fill(expected('dish', `DSH-${visitId.slice(0, 8)}`));
  await page
    .getByRole('textbox', { name: 'Router serial' })
    .fill(expected('router', `RTR-${visitId.slice(0, 8)}`));
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByLabel('Dish ID').fill('ut-bench-dish');
  await page.getByLabel('Router ID').fill('rtr-bench');
  await page.getByLabel('Obstruction (%)').fill('0');
  await page.getByLabel('Download (Mbit/s)').fill('220');
  await page.getByLabel('Upload (Mbit/s)').fill('25');
  await page.getByLabel('Latency (ms)').fill('30');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByLabel('Customer’s name').fill('Bench Customer');
  const box = (await page.getByTestId('signature-pad').boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 80);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, box.y + 60, { steps: 6 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Save signature and continue' }).click();
  await page.getByRole('button', { name: 'Complete visit' }).click();
  await page.getByRole('heading', { name: 'Visit completed' }).waitFor();
}

/** Bytes the outbox will send: resized photos and JSON bodies. */
async function outboxBytes(page: Page): Promise<{ photos: number; json: number }> {
  return page.evaluate(
    () =>
      new Promise<{ photos: number; json: number }>((resolve) => {
        const open = indexedDB.open('uplink-engineer');
        open.onsuccess = () => {
          const tx = open.result.transaction(['outbox', 'photos']);
          const items = tx.objectStore('outbox').getAll();
          const photos = tx.objectStore('photos').getAll();
          tx.oncomplete = () =>
            resolve({
              json: (items.result as Array<{ body?: unknown }>).reduce(
                (sum, item) =>
                  sum + (item.body === undefined ? 0 : JSON.stringify(item.body).length),
                0,
              ),
              photos: (photos.result as Array<{ blob?: Blob }>).reduce(
                (sum, photo) => sum + (photo.blob?.size ?? 0),
                0,
              ),
            });
        };
      }),
  );
}

/** Keeps a copy of every resized photo (in a separate database) for the baseline. */
async function copyResizedPhotos(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const source = indexedDB.open('uplink-engineer');
        source.onsuccess = () => {
          const request = source.result.transaction('photos').objectStore('photos').getAll();
          request.onsuccess = () => {
            const photos = request.result as Array<{
              id: string;
              blob: Blob;
              sha256: string;
              category: string;
            }>;
            const copies = indexedDB.open('uplink-bench-copies', 1);
            copies.onupgradeneeded = () =>
              copies.result.createObjectStore('benchCopies', { autoIncrement: true });
            copies.onsuccess = () => {
              const tx = copies.result.transaction('benchCopies', 'readwrite');
              for (const photo of photos)
                tx.objectStore('benchCopies').add({
                  blob: photo.blob,
                  sha256: photo.sha256,
                  category: photo.category,
                });
              tx.oncomplete = () => resolve();
              tx.onerror = () => reject(tx.error);
            };
          };
        };
      }),
  );
}

/** JavaScript a cold /engineer loads, counted as the gzip copies the server holds. */
async function coldEngineerJs(browserContext: BrowserContext, baseURL: string): Promise<number> {
  const page = await browserContext.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js') && url.pathname.startsWith('/assets/'))
      scripts.add(url.pathname);
  });
  await page.goto(`${baseURL}/engineer`);
  await page.getByRole('heading', { name: 'My visits' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.close();
  const dist = path.join(root, 'dist/web');
  return [...scripts].reduce((sum, file) => {
    const gz = path.join(dist, `${file}.gz`);
    try {
      return sum + statSync(gz).size;
    } catch {
      return sum + statSync(path.join(dist, file)).size;
    }
  }, 0);
}

async function main() {
  console.log('Building the web app if stale…');
  execFileSync('npx', ['tsx', 'scripts/build-if-stale.ts'], { cwd: root, stdio: 'inherit' });
  const work = mkdtempSync(path.join(os.tmpdir(), 'uplink-bench-offline-'));
  const dataDir = path.join(work, 'data');
  console.log('Making 12-megapixel originals…');
  const originals = await makeOriginals(work);
  const originalBytesPerVisit = originals.reduce((sum, file) => sum + statSync(file).size, 0);

  // First start seeds the demo data; the bench then gives the engineer its visits.
  const seeding = await startServer(dataDir);
  seeding.child.kill('SIGTERM');
  await seeding.exited;
  await prepareVisits(dataDir, VISITS + 2);
  const server = await startServer(dataDir);
  const baseURL = server.url;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    // Cold /engineer in a fresh context (nothing cached).
    const cold = await browser.newContext({ serviceWorkers: 'block' });
    await signIn(cold, baseURL);
    const coldJs = await coldEngineerJs(cold, baseURL);
    await cold.close();

    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'allow',
      permissions: ['geolocation'],
      geolocation: { latitude: 50.72, longitude: -3.53 },
    });
    await signIn(context, baseURL);
    const page = await context.newPage();
    await page.goto('/engineer');
    await page.getByRole('heading', { name: 'My visits' }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const listed = (await (
      await context.request.get(`${visitPaths.engineerVisits}?days=7`)
    ).json()) as EngineerVisitsResponse;
    const open = listed.items.filter((v) => !v.record.checkIn && !v.record.outcome);
    if (open.length < VISITS + 2)
      throw new Error(`only ${open.length} open visits for the engineer`);
    const benchVisits = open.slice(0, VISITS).map((v) => v.id);
    const baselineVisits = open.slice(VISITS, VISITS + 2).map((v) => v.id);
    await page.waitForFunction(
      (count) => document.querySelectorAll('a[href^="/engineer/visits/"]').length >= count,
      VISITS,
    );

    await context.setOffline(true);
    const recordStart = performance.now();
    for (const [index, visitId] of benchVisits.entries()) {
      await recordVisit(page, visitId, originals);
      process.stdout.write(`\rRecorded offline: ${index + 1}/${VISITS} visits`);
    }
    process.stdout.write('\n');
    const recordSeconds = (performance.now() - recordStart) / 1000;
    const actions = VISITS * ACTIONS_PER_VISIT;
    const waiting = await pendingCount(page);
    const sent = await outboxBytes(page);
    await copyResizedPhotos(page);

    const drainStart = performance.now();
    await context.setOffline(false);
    // Polled from here: the count is read through an IndexedDB request, which is asynchronous.
    const drainDeadline = Date.now() + 15 * 60_000;
    while ((await pendingCount(page)) > 0) {
      if (Date.now() > drainDeadline) throw new Error('the outbox did not drain in 15 minutes');
      await page.waitForTimeout(100);
    }
    const drainMs = performance.now() - drainStart;
    // Refused items (a 4xx) stay in the outbox with their message.
    const refused = await outboxCount(page);

    // The baseline reads its copies from a database of its own.
    const directMs = await directUploadFromCopies(page, baselineVisits);

    let records = 0;
    for (const visitId of benchVisits) {
      const res = await context.request.get(visitPaths.record(visitId));
      const record = (await res.json()) as VisitRecord;
      records +=
        Number(record.checkIn !== null) +
        Number(record.survey !== null) +
        new Set(record.photos.map((p) => p.id)).size +
        Number(record.serials !== null) +
        Number(record.commissioning !== null) +
        Number(record.signOff !== null) +
        Number(record.outcome !== null);
    }

    const originalsTotal = originalBytesPerVisit * VISITS;
    const sentTotal = sent.photos + sent.json;
    const ratio = drainMs / directMs;
    console.log('');
    console.log(
      `Offline recording: ${VISITS} visits, ${VISITS * PHOTOS_PER_VISIT} photos in ${recordSeconds.toFixed(1)} s; ${waiting} changes waiting`,
    );
    console.log(
      `Drain: ${(drainMs / 1000).toFixed(2)} s; direct upload of the same resized bytes: ${(directMs / 1000).toFixed(2)} s; ratio ${ratio.toFixed(2)}x (target <= 1.5x) ${ratio <= 1.5 ? 'OK' : 'OVER'}`,
    );
    console.log(
      `Bytes sent: ${mb(sentTotal)} (photos ${mb(sent.photos)}, JSON ${kb(sent.json)}) vs originals ${mb(originalsTotal)}: 1/${(originalsTotal / sentTotal).toFixed(1)} (target <= 1/8) ${sentTotal * 8 <= originalsTotal ? 'OK' : 'OVER'}`,
    );
    console.log(
      `Server records: ${records} vs actions taken: ${actions} ${records === actions ? 'OK (equal)' : 'MISMATCH'}; refused by the server: ${refused}`,
    );
    console.log(
      `Cold /engineer JavaScript: ${kb(coldJs)} gzipped (target <= 250 KB) ${coldJs <= 250 * 1024 ? 'OK' : 'OVER'}`,
    );
    await context.close();
    if (records !== actions) process.exitCode = 1;
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(work, { recursive: true, force: true });
  }
}

/** The baseline, reading the copies kept before the drain. */
async function directUploadFromCopies(page: Page, targets: string[]): Promise<number> {
  return page.evaluate(
    async ({ targets, photoPath }) => {
      const copies = await new Promise<Array<{ blob: Blob; sha256: string; category: string }>>(
        (resolve, reject) => {
          const open = indexedDB.open('uplink-bench-copies', 1);
          open.onsuccess = () => {
            const request = open.result
              .transaction('benchCopies')
              .objectStore('benchCopies')
              .getAll();
            request.onsuccess = () => resolve(request.result as never);
            request.onerror = () => reject(request.error);
          };
        },
      );
      const start = performance.now();
      for (const [index, copy] of copies.entries()) {
        const visitId = targets[Math.floor(index / 50)]!;
        const url = photoPath.replace('VISIT', visitId).replace('PHOTO', crypto.randomUUID());
        const query = new URLSearchParams({
          category: copy.category,
          takenAt: new Date().toISOString(),
        });
        const res = await fetch(`${url}?${query}`, {
          method: 'PUT',
          headers: {
            'Content-Type': 'image/jpeg',
            'X-Content-SHA256': copy.sha256,
            'Idempotency-Key': crypto.randomUUID(),
          },
          body: copy.blob,
        });
        if (!res.ok) throw new Error(`direct upload: ${res.status} ${await res.text()}`);
      }
      return performance.now() - start;
    },
    { targets, photoPath: visitPaths.photo('VISIT', 'PHOTO') },
  );
}

await main();
