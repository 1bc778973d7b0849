import { createHash, randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { photoCategories, visitPaths } from '../src/shared/visits/visit-record';
import { expect } from './fixtures';

// Issue 18: an order is completed only with its whole record. Specs that complete an order
// through the API record the visit first, as the engineer app does: every photo category, the
// serials, the speed test and the signature, each with its own Idempotency-Key.

const keyed = () => ({ 'Idempotency-Key': randomUUID() });

async function expectOk(response: Awaited<ReturnType<APIRequestContext['put']>>) {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(
    true,
  );
}

/** Records the whole installation of a checked-in visit, as its engineer (`engineer`). */
export async function recordWholeVisit(engineer: APIRequestContext, visitId: string) {
  const now = () => new Date().toISOString();
  const jpeg = await sharp({
    create: { width: 320, height: 240, channels: 3, background: '#2563eb' },
  })
    .jpeg()
    .toBuffer();
  const sha256 = createHash('sha256').update(jpeg).digest('hex');
  for (const category of photoCategories) {
    const query = new URLSearchParams({ category, takenAt: now() });
    await expectOk(
      await engineer.put(`${visitPaths.photo(visitId, randomUUID())}?${query}`, {
        headers: { ...keyed(), 'Content-Type': 'image/jpeg', 'X-Content-SHA256': sha256 },
        data: jpeg,
      }),
    );
  }
  await expectOk(
    await engineer.put(visitPaths.serials(visitId), {
      headers: keyed(),
      data: { dish: 'DSH-118800', router: 'RTR-229900' },
    }),
  );
  await expectOk(
    await engineer.put(visitPaths.commissioning(visitId), {
      headers: keyed(),
      data: {
        dishId: 'DSH-118800',
        routerId: 'RTR-229900',
        obstructionPercent: 0.5,
        downloadMbps: 190,
        uploadMbps: 20,
        latencyMs: 40,
        testedAt: now(),
      },
    }),
  );
  const signature = await sharp({
    create: { width: 200, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
  })
    .png()
    .toBuffer();
  await expectOk(
    await engineer.put(visitPaths.signOff(visitId), {
      headers: keyed(),
      data: {
        name: 'Petroc Trelawny',
        signaturePng: `data:image/png;base64,${signature.toString('base64')}`,
        signedAt: now(),
      },
    }),
  );
}
