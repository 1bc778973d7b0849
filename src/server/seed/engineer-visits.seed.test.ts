import { beforeAll, describe, expect, it } from 'vitest';
import { visitPaths, type EngineerVisitsResponse } from '@shared/visits/visit-record';
import { resetTestDatabase } from '../../../tests/support/test-database';
import { signIn } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { runFirstStartSeed } from './seed';
import { demoCompletedOrderNumber, demoEngineerEmail } from './engineer-visits.seed';
import { users } from '../modules/users/users.schema';
import { orders } from '../modules/orders/orders.schema';
import { visitPhotos, visits } from '../modules/visits/visits.schema';
import { visitCompletionGaps } from '../modules/visits/visit-completion.service';
import { eq, inArray } from 'drizzle-orm';

describe('engineer visits demo seed', () => {
  let app: TestApp;

  beforeAll(async () => {
    await resetTestDatabase();
    app = await createTestApp();
    await runFirstStartSeed(app.deps.database.db, {
      demo: true,
      storage: app.deps.adapters.storage,
    });
  });

  it('gives the demo engineer visits today and tomorrow, one half done, and a completed record', async () => {
    const db = app.deps.database.db;
    const [engineer] = await db.select().from(users).where(eq(users.email, demoEngineerEmail));
    const headers = await signIn(app, engineer!);

    const list = await app.inject({
      method: 'GET',
      url: `${visitPaths.engineerVisits}?days=2`,
      headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as EngineerVisitsResponse;
    const dates = new Set(body.items.map((v) => v.scheduledDate));
    expect(dates).toEqual(new Set([body.from, body.to]));
    const halfDone = body.items.find((v) => v.customer.name === 'Tamsin Trelawny')!;
    expect(halfDone.status).toBe('in_progress');
    expect(halfDone.record.checkIn).not.toBeNull();
    expect(halfDone.record.survey).not.toBeNull();
    expect(halfDone.record.photos.length).toBe(3);

    const number = await demoCompletedOrderNumber(db);
    expect(number).toMatch(/^UPL-/);
    const pdfHeaders = headers;
    const pdf = await app.inject({
      method: 'GET',
      url: visitPaths.certificate(number!),
      headers: pdfHeaders,
    });
    expect(pdf.statusCode).toBe(200);
    const summary = await app.inject({
      method: 'GET',
      url: visitPaths.orderSummary(number!),
      headers: pdfHeaders,
    });
    expect(summary.json().visit.photos).toHaveLength(8);
    const photo = await app.inject({
      method: 'GET',
      url: summary.json().visit.photos[0].url,
      headers: pdfHeaders,
    });
    expect(photo.statusCode).toBe(200);
  });

  it('gives every completed or closed demo order its whole record, files included (issue 18)', async () => {
    const db = app.deps.database.db;
    const storage = app.deps.adapters.storage;
    const ended = await db
      .select({ visit: visits })
      .from(visits)
      .innerJoin(orders, eq(orders.id, visits.orderId))
      .where(inArray(orders.status, ['completed', 'closed']));
    const completing = ended.filter((row) => row.visit.outcome === 'completed');
    expect(completing.length).toBeGreaterThan(40);
    expect(new Set(completing.map((row) => row.visit.orderId)).size).toBe(
      new Set(ended.map((row) => row.visit.orderId)).size,
    );
    for (const { visit } of completing) {
      expect(await visitCompletionGaps(db, visit), visit.id).toEqual([]);
      expect(await storage.get(visit.signatureKey!), visit.signatureKey!).not.toBeNull();
    }
    const photos = await db
      .select()
      .from(visitPhotos)
      .where(
        inArray(
          visitPhotos.visitId,
          completing.map((row) => row.visit.id),
        ),
      );
    expect(photos).toHaveLength(completing.length * 8);
    for (const photo of photos) {
      expect(await storage.get(photo.storageKey), photo.storageKey).not.toBeNull();
      expect(await storage.get(photo.thumbnailKey), photo.thumbnailKey).not.toBeNull();
    }
  });
});
