import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { photoCategories, visitPaths, type VisitRecord } from '@shared/visits/visit-record';
import { offDayCheckInWords, offDayReasonMessage } from '@shared/visits/off-day-check-in';
import { timelineText } from '@shared/orders/timeline-text';
import { orderEvents } from '../orders/order-events.schema';
import { orders } from '../orders/orders.schema';
import { visits } from './visits.schema';
import { buildOrder, createContractor } from '../../../../tests/factories/orders';
import { makeJpeg, sha256 } from '../../../../tests/factories/photos';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { londonDateOf } from '@shared/london-date';

let app: TestApp;
let backOffice: AuthHeaders;
let contractorId: string;
let contractorHeaders: AuthHeaders;
let otherContractorHeaders: AuthHeaders;
let engineer: { id: string; headers: AuthHeaders };
let otherEngineer: { id: string; headers: AuthHeaders };
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

const db = () => app.deps.database.db;
const key = () => ({ 'idempotency-key': randomUUID() });
const now = () => new Date().toISOString();
const dayMs = 24 * 3600 * 1000;

async function scheduledVisit(
  customer: { postcode?: string; county?: string } = {},
  visitDate = today,
) {
  const order = await buildOrder(app, {
    status: 'scheduled',
    kitStatus: 'arrived',
    contractorId,
    engineerId: engineer.id,
    visitDate,
    customer: { firstName: 'Morwenna', lastName: 'Penrose', ...customer },
  });
  const [visit] = await db().select().from(visits).where(eq(visits.orderId, order.id));
  return { order, visitId: visit!.id };
}

function send(
  method: 'POST' | 'PUT' | 'DELETE' | 'GET',
  url: string,
  headers: AuthHeaders,
  payload?: unknown,
  extra: Record<string, string> = key(),
) {
  return app.inject({
    method,
    url,
    headers: { ...headers, ...(method === 'GET' ? {} : extra) },
    payload: payload as object,
  });
}

async function uploadPhoto(
  visitId: string,
  category: string,
  options: { photoId?: string; bytes?: Buffer; checksum?: string; headers?: AuthHeaders } = {},
) {
  const bytes = options.bytes ?? (await makeJpeg());
  const photoId = options.photoId ?? randomUUID();
  const query = new URLSearchParams({
    category,
    takenAt: now(),
    latitude: '50.1',
    longitude: '-5.1',
  });
  const response = await app.inject({
    method: 'PUT',
    url: `${visitPaths.photo(visitId, photoId)}?${query}`,
    headers: {
      ...(options.headers ?? engineer.headers),
      ...key(),
      'content-type': 'image/jpeg',
      'x-content-sha256': options.checksum ?? sha256(bytes),
    },
    payload: bytes,
  });
  return { response, photoId };
}

const signaturePng = async () =>
  `data:image/png;base64,${(
    await sharp({
      create: { width: 200, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="200" height="80"><path d="M10 60 C 50 10, 90 70, 190 20" stroke="black" fill="none" stroke-width="3"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer()
  ).toString('base64')}`;

const survey = {
  mountingType: 'wall',
  cableRoute: 'Along the gutter, in at the lounge window frame',
  cableLengthM: 18.5,
  powerLocation: 'Socket behind the TV',
  routerLocation: 'Lounge shelf',
  planningIssues: '',
  workingAtHeightConfirmed: true,
  savedAt: new Date().toISOString(),
};
const commissioning = {
  dishId: 'DSH-998877',
  routerId: 'RTR-445566',
  obstructionPercent: 0.5,
  downloadMbps: 212.4,
  uploadMbps: 21.9,
  latencyMs: 38,
  testedAt: new Date().toISOString(),
};

/** Everything completion needs, step by step, as the device sends it. */
async function fillRecord(visitId: string) {
  expect(
    (await send('POST', visitPaths.checkIn(visitId), engineer.headers, { at: now() })).statusCode,
  ).toBe(200);
  expect((await send('PUT', visitPaths.survey(visitId), engineer.headers, survey)).statusCode).toBe(
    200,
  );
  for (const category of photoCategories)
    expect((await uploadPhoto(visitId, category)).response.statusCode).toBe(200);
  expect(
    (
      await send('PUT', visitPaths.serials(visitId), engineer.headers, {
        dish: 'DSH-998877',
        router: 'RTR-445566',
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (await send('PUT', visitPaths.commissioning(visitId), engineer.headers, commissioning))
      .statusCode,
  ).toBe(200);
  const signOff = { name: 'Morwenna Penrose', signaturePng: await signaturePng(), signedAt: now() };
  expect(
    (await send('PUT', visitPaths.signOff(visitId), engineer.headers, signOff)).statusCode,
  ).toBe(200);
}

beforeAll(async () => {
  app = await createTestApp();
  backOffice = (await signInAs(app, 'back_office')).headers;
  contractorId = (await createContractor(app)).id;
  const otherContractorId = (await createContractor(app)).id;
  contractorHeaders = (await signInAs(app, 'contractor', { contractorId })).headers;
  otherContractorHeaders = (await signInAs(app, 'contractor', { contractorId: otherContractorId }))
    .headers;
  const a = await signInAs(app, 'engineer', { contractorId });
  engineer = { id: a.user.id, headers: a.headers };
  const b = await signInAs(app, 'engineer', { contractorId });
  otherEngineer = { id: b.user.id, headers: b.headers };
});

describe('the engineer visit list', () => {
  it('lists the engineer’s own visits with what they need on site', async () => {
    const { visitId, order } = await scheduledVisit({ county: 'Devon' });
    const res = await send('GET', `${visitPaths.engineerVisits}?days=2`, engineer.headers);
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().items.find((v: { id: string }) => v.id === visitId);
    expect(item).toMatchObject({
      orderNumber: order.orderNumber,
      status: 'scheduled',
      customer: { name: 'Morwenna Penrose' },
      // The county is its own field, not a street line written before the town (issue 24).
      address: { town: 'Exeter', county: 'Devon', postcode: 'EX1 1AA' },
      kitExpected: [{ kind: 'dish' }, { kind: 'router' }],
      record: { checkIn: null, photos: [] },
    });
    expect(item.address.lines).not.toContain('Devon');
    expect(item.address.mapsUrl).toMatch(
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=1%20Harbour%20Road/,
    );
    expect(item.record.missing).toContain('photo: Site before');
    expect(res.json().thresholds).toMatchObject({ minDownloadMbps: 50 });

    const other = await send('GET', visitPaths.engineerVisits, otherEngineer.headers);
    expect(other.json().items.map((v: { id: string }) => v.id)).not.toContain(visitId);
    expect((await send('GET', visitPaths.engineerVisits, backOffice)).statusCode).toBe(403);
    expect(
      (await send('GET', `${visitPaths.engineerVisits}?from=2026-02-30`, engineer.headers))
        .statusCode,
    ).toBe(400);
  });

  it('drops a cancelled visit and says why each visit the phone held has gone', async () => {
    const cancelled = await scheduledVisit();
    const unscheduled = await scheduledVisit();
    const reassigned = await scheduledVisit();
    const kept = await scheduledVisit();
    const reason = { reason: 'Customer moved house' };
    const cancel = await send(
      'POST',
      `/api/orders/${cancelled.order.id}/cancel`,
      backOffice,
      reason,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const unschedule = await send(
      'POST',
      `/api/orders/${unscheduled.order.id}/unschedule`,
      backOffice,
      reason,
    );
    expect(unschedule.statusCode, unschedule.body).toBe(200);
    await db()
      .update(visits)
      .set({ engineerId: otherEngineer.id })
      .where(eq(visits.id, reassigned.visitId));

    const held = [cancelled, unscheduled, reassigned, kept].map((v) => v.visitId);
    const res = await send(
      'GET',
      `${visitPaths.engineerVisits}?days=2&held=${held.join(',')}`,
      engineer.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().items.map((v: { id: string }) => v.id);
    expect(ids).toContain(kept.visitId);
    expect(ids).not.toContain(cancelled.visitId);
    expect(ids).not.toContain(unscheduled.visitId);
    const removed = res.json().removed as Array<{ id: string; reason: string }>;
    expect(Object.fromEntries(removed.map((r) => [r.id, r.reason]))).toEqual({
      [cancelled.visitId]: 'cancelled',
      [unscheduled.visitId]: 'unscheduled',
      [reassigned.visitId]: 'reassigned',
    });
    expect(removed.find((r) => r.id === cancelled.visitId)).toMatchObject({
      orderNumber: cancelled.order.orderNumber,
      at: expect.any(String),
    });

    // The server refuses a check-in on the cancelled visit, with words the phone shows.
    const refused = await send('POST', visitPaths.checkIn(cancelled.visitId), engineer.headers, {
      at: now(),
      position: null,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/cancelled/);
  });
});

describe('visit steps', () => {
  it('checks in once through the order action, however often the device replays it', async () => {
    const { visitId, order } = await scheduledVisit();
    const headers = { 'idempotency-key': randomUUID() };
    const body = { at: now(), position: { latitude: 50.26, longitude: -5.05, accuracyM: 12 } };
    const first = await send('POST', visitPaths.checkIn(visitId), engineer.headers, body, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().checkIn).toMatchObject({
      position: { latitude: 50.26, longitude: -5.05, accuracyM: 12 },
    });
    const again = await send('POST', visitPaths.checkIn(visitId), engineer.headers, body, headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const events = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, 'check_in')));
    expect(events).toHaveLength(1);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('in_progress');
  });

  it('asks why when the check-in is on another day than the booked one, and keeps it', async () => {
    const booked = londonDateOf(new Date(Date.now() + 5 * dayMs));
    const { visitId, order } = await scheduledVisit({}, booked);
    const message = offDayReasonMessage(booked);

    // No reason (or only spaces): refused on the field, nothing changes.
    for (const offDayReason of [undefined, '   ']) {
      const refused = await send('POST', visitPaths.checkIn(visitId), engineer.headers, {
        at: now(),
        offDayReason,
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'OFF_DAY_REASON_REQUIRED',
        message,
        details: { offDayReason: [message] },
      });
    }
    expect(message).toMatch(/^This visit is booked for \w{3} \d{1,2} \w{3} \d{4}\. Say why/);
    const [still] = await db().select().from(visits).where(eq(visits.id, visitId));
    expect(still).toMatchObject({ status: 'scheduled', checkedInAt: null });

    // The wrong role is refused as before, never told about the day.
    const office = await send('POST', visitPaths.checkIn(visitId), backOffice, { at: now() });
    expect(office.statusCode).toBe(403);

    // With a reason: checked in, and the record, the order's visit and its timeline say so.
    const reason = 'The customer rang: they are in today, not next week';
    const done = await send('POST', visitPaths.checkIn(visitId), engineer.headers, {
      at: now(),
      offDayReason: `  ${reason} `,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as VisitRecord).checkIn).toMatchObject({ offDayReason: reason });
    const detail = (await send('GET', `/api/orders/${order.id}`, backOffice)).json();
    expect(detail.visits[0]).toMatchObject({ checkInOffDayReason: reason, status: 'in_progress' });
    const event = detail.timeline.find((e: { type: string }) => e.type === 'check_in');
    expect(event.reason).toBe(reason);
    expect(timelineText(event)).toBe(
      `Engineer checked in on site. ${offDayCheckInWords(today, booked, reason)}.`,
    );
    expect(timelineText(event)).toContain(
      `Checked in on ${today.split('-').reverse().join('/')}, booked for ${booked.split('-').reverse().join('/')}: ${reason}`,
    );
    const record = (await send('GET', visitPaths.record(visitId), backOffice)).json();
    expect(record.checkIn.offDayReason).toBe(reason);
  });

  it('needs no reason on the booked day, even when the check-in arrives days later', async () => {
    // Made offline on the booked day (yesterday) and sent today: judged by when it was made.
    const yesterday = londonDateOf(new Date(Date.now() - dayMs));
    const { visitId } = await scheduledVisit({}, yesterday);
    const madeThen = new Date(`${yesterday}T12:00:00Z`).toISOString();
    const late = await send('POST', visitPaths.checkIn(visitId), engineer.headers, {
      at: madeThen,
      offDayReason: 'Not needed on the day',
    });
    expect(late.statusCode, late.body).toBe(200);
    // A reason sent on the booked day is not kept: there was nothing to explain.
    expect((late.json() as VisitRecord).checkIn).toMatchObject({ offDayReason: null });
  });

  it('refuses bad input, the wrong role and another engineer’s visit', async () => {
    const { visitId } = await scheduledVisit();
    const bad = await send('POST', visitPaths.checkIn(visitId), engineer.headers, { at: 'soon' });
    expect(bad.statusCode).toBe(400);
    const badSurvey = await send('PUT', visitPaths.survey(visitId), engineer.headers, {
      ...survey,
      workingAtHeightConfirmed: false,
      cableLengthM: -1,
    });
    expect(badSurvey.statusCode).toBe(400);
    expect(badSurvey.body).toContain('working-at-height');
    for (const [method, url, payload] of [
      ['POST', visitPaths.checkIn(visitId), { at: now() }],
      ['PUT', visitPaths.survey(visitId), survey],
      ['PUT', visitPaths.serials(visitId), { dish: 'DSH-1', router: 'RTR-1' }],
      ['PUT', visitPaths.commissioning(visitId), commissioning],
      ['POST', visitPaths.complete(visitId), { at: now() }],
      ['POST', visitPaths.fail(visitId), { at: now(), failureReason: 'no_access' }],
      ['DELETE', visitPaths.photo(visitId, randomUUID()), undefined],
    ] as const) {
      const other = await send(method, url, otherEngineer.headers, payload);
      expect(other.statusCode, `${method} ${url}`).toBe(404);
      expect(other.json().code).toBe('VISIT_NOT_FOUND');
      expect((await send(method, url, backOffice, payload)).statusCode, `${method} ${url}`).toBe(
        403,
      );
    }
    const unknown = await send('PUT', visitPaths.survey(randomUUID()), engineer.headers, survey);
    expect(unknown.statusCode).toBe(404);
  });

  it('saves each step as it arrives, and the record shows it to back office and the contractor', async () => {
    const { visitId } = await scheduledVisit();
    const saved = await send('PUT', visitPaths.survey(visitId), engineer.headers, survey);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().survey).toMatchObject({ mountingType: 'wall', cableLengthM: 18.5 });
    for (const headers of [backOffice, contractorHeaders, engineer.headers]) {
      const record = await send('GET', visitPaths.record(visitId), headers);
      expect(record.statusCode).toBe(200);
      expect(record.json().survey.cableRoute).toBe(survey.cableRoute);
    }
    expect((await send('GET', visitPaths.record(visitId), otherContractorHeaders)).statusCode).toBe(
      404,
    );
    expect((await send('GET', visitPaths.record(visitId), otherEngineer.headers)).statusCode).toBe(
      404,
    );
  });

  it('asks a reason when commissioning readings breach the thresholds', async () => {
    const { visitId } = await scheduledVisit();
    const slow = { ...commissioning, downloadMbps: 12, latencyMs: 400 };
    const refused = await send('PUT', visitPaths.commissioning(visitId), engineer.headers, slow);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'COMMISSIONING_REASON_REQUIRED' });
    expect(refused.json().message).toContain('download below 50 Mbit/s');
    const ok = await send('PUT', visitPaths.commissioning(visitId), engineer.headers, {
      ...slow,
      thresholdReason: 'Heavy rain during the test; customer content',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().commissioning.breaches).toEqual([
      'download below 50 Mbit/s',
      'latency above 100 ms',
    ]);
  });

  it('refuses a signature that is not a PNG', async () => {
    const { visitId } = await scheduledVisit();
    const jpeg = (await makeJpeg()).toString('base64');
    const res = await send('PUT', visitPaths.signOff(visitId), engineer.headers, {
      name: 'A Customer',
      signaturePng: jpeg,
      signedAt: now(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('SIGNATURE_NOT_PNG');
  });
});

describe('photo uploads', () => {
  it('keeps one photo per device id, in any order, with EXIF read into the record and stripped from the file', async () => {
    const { visitId } = await scheduledVisit();
    // Out of order: the speed test arrives before the site-before photo.
    const gps = await makeJpeg({ gps: true });
    const speed = await uploadPhoto(visitId, 'speed_test', { bytes: gps });
    expect(speed.response.statusCode, speed.response.body).toBe(200);
    const before = await uploadPhoto(visitId, 'site_before');
    expect(before.response.statusCode).toBe(200);
    // The same id and bytes again (a retry after a lost answer): still one photo.
    const retry = await uploadPhoto(visitId, 'speed_test', { bytes: gps, photoId: speed.photoId });
    expect(retry.response.statusCode).toBe(200);
    const record = retry.response.json() as VisitRecord;
    expect(record.photos.map((p) => p.id).sort()).toEqual([speed.photoId, before.photoId].sort());
    const kept = record.photos.find((p) => p.id === speed.photoId)!;
    expect(kept).toMatchObject({
      category: 'speed_test',
      width: 320,
      height: 240,
      sha256: sha256(gps),
    });
    expect(kept.latitude).toBeCloseTo(50.7167, 3);
    expect(kept.longitude).toBeCloseTo(-3.5333, 3);
    expect(kept.takenAt).toBe('2026-11-20T10:15:00.000Z');

    const file = await send('GET', kept.url, contractorHeaders);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(await exifr.parse(file.rawPayload, { gps: true })).toBeUndefined();
    const thumb = await send('GET', kept.thumbnailUrl, engineer.headers);
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBeLessThanOrEqual(400);
    expect((await send('GET', kept.url, otherEngineer.headers)).statusCode).toBe(404);
    expect((await send('GET', kept.url, otherContractorHeaders)).statusCode).toBe(404);

    // Another photo under a taken id is refused.
    const clash = await uploadPhoto(visitId, 'mount', { photoId: speed.photoId });
    expect(clash.response.statusCode).toBe(409);
    expect(clash.response.json().code).toBe('PHOTO_ID_TAKEN');

    // Delete before sync completes (a retake).
    const deleted = await send(
      'DELETE',
      visitPaths.photo(visitId, before.photoId),
      engineer.headers,
    );
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().photos.map((p: { id: string }) => p.id)).toEqual([speed.photoId]);
    expect((await send('GET', visitPaths.photoFile(before.photoId), backOffice)).statusCode).toBe(
      404,
    );
  });

  it('refuses a file whose checksum does not match, or with no checksum', async () => {
    const { visitId } = await scheduledVisit();
    const bytes = await makeJpeg();
    const mismatch = await uploadPhoto(visitId, 'mount', {
      bytes,
      checksum: sha256(Buffer.from('other')),
    });
    expect(mismatch.response.statusCode).toBe(422);
    expect(mismatch.response.json()).toMatchObject({ code: 'PHOTO_CHECKSUM_MISMATCH' });
    const missing = await uploadPhoto(visitId, 'mount', { bytes, checksum: '' });
    expect(missing.response.statusCode).toBe(400);
    expect(missing.response.json().code).toBe('PHOTO_CHECKSUM_MISSING');
    const record = await send('GET', visitPaths.record(visitId), engineer.headers);
    expect(record.json().photos).toEqual([]);
  });

  it('checks the file by its content, not its declared type', async () => {
    const { visitId } = await scheduledVisit();
    const fake = Buffer.from('<html>not a photo</html>'.repeat(20));
    const res = await uploadPhoto(visitId, 'mount', { bytes: fake });
    expect(res.response.statusCode).toBe(422);
    expect(res.response.json()).toMatchObject({ code: 'PHOTO_NOT_AN_IMAGE' });
    const badCategory = await app.inject({
      method: 'PUT',
      url: `${visitPaths.photo(visitId, randomUUID())}?category=selfie&takenAt=${now()}`,
      headers: {
        ...engineer.headers,
        'content-type': 'image/jpeg',
        'x-content-sha256': sha256(fake),
      },
      payload: fake,
    });
    expect(badCategory.statusCode).toBe(400);
    const asBackOffice = await uploadPhoto(visitId, 'mount', { headers: backOffice });
    expect(asBackOffice.response.statusCode).toBe(403);
    const asOther = await uploadPhoto(visitId, 'mount', { headers: otherEngineer.headers });
    expect(asOther.response.statusCode).toBe(404);
  });
});

describe('completion', () => {
  it('is refused until every photo category, the serials, the speed test and the signature are there', async () => {
    const { visitId } = await scheduledVisit();
    await send('POST', visitPaths.checkIn(visitId), engineer.headers, { at: now() });
    await uploadPhoto(visitId, 'site_before');
    const refused = await send('POST', visitPaths.complete(visitId), engineer.headers, {
      at: now(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('COMPLETION_INCOMPLETE');
    expect(refused.json().details.missing).toEqual([
      'photo:mount',
      'photo:dish_installed',
      'photo:cable_entry',
      'photo:router_location',
      'photo:obstruction_check',
      'photo:speed_test',
      'photo:site_after',
      'serial:dish',
      'serial:router',
      'commissioning',
      'signature',
    ]);
    expect(refused.json().message).toContain('photo: Mount');
    expect(refused.json().message).toContain('dish serial');
    expect(refused.json().message).toContain('speed test');
    expect(refused.json().message).toContain('customer signature');
    expect(refused.json().message).not.toContain('Site before');
    const record = await send('GET', visitPaths.record(visitId), engineer.headers);
    expect(record.json()).toMatchObject({ status: 'in_progress', outcome: null });
  });

  it('completes once, publishes the order event, and shows on the record pages and the certificate', async () => {
    const { visitId, order } = await scheduledVisit({ postcode: 'TR1 2AB' });
    await fillRecord(visitId);
    const headers = { 'idempotency-key': randomUUID() };
    const body = { at: now(), notes: 'All working' };
    const done = await send('POST', visitPaths.complete(visitId), engineer.headers, body, headers);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'completed',
      missing: [],
      outcome: { result: 'completed', notes: 'All working' },
    });
    // The device replays it (the answer was lost): the first answer again, nothing changes.
    const replay = await send(
      'POST',
      visitPaths.complete(visitId),
      engineer.headers,
      body,
      headers,
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(done.body);
    // A new completion (another key) finds the visit closed.
    const twice = await send('POST', visitPaths.complete(visitId), engineer.headers, body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('VISIT_NOT_OPEN');
    const closed = await send('PUT', visitPaths.survey(visitId), engineer.headers, survey);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('VISIT_NOT_OPEN');
    const events = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, 'complete')));
    expect(events).toHaveLength(1);

    const installation = await send('GET', visitPaths.installation(order.id), contractorHeaders);
    expect(installation.statusCode).toBe(200);
    expect(installation.json().visits[0]).toMatchObject({ visitId, status: 'completed' });
    expect(installation.json().visits[0].photos).toHaveLength(photoCategories.length);
    expect(
      (await send('GET', visitPaths.installation(order.id), otherContractorHeaders)).statusCode,
    ).toBe(404);

    const summary = await send('GET', visitPaths.orderSummary(order.orderNumber), backOffice);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({ customerName: 'Morwenna Penrose', visit: { visitId } });
    const signature = await send('GET', visitPaths.signature(visitId), backOffice);
    expect(signature.headers['content-type']).toBe('image/png');

    const pdf = await send('GET', visitPaths.certificate(order.orderNumber), backOffice);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    for (const expected of [
      'Installation completion certificate',
      'Uplink Installations',
      'Morwenna Penrose',
      '1 Harbour Road',
      order.orderNumber,
      'DSH-998877',
      'RTR-445566',
      '212.4 Mbit/s',
      '38 ms',
      'Dish installed',
      'Signed by',
    ])
      expect(text).toContain(expected);
    expect(
      (await send('GET', visitPaths.certificate(order.orderNumber), otherContractorHeaders))
        .statusCode,
    ).toBe(404);

    // The customer reaches the same PDF through the portal, after proving the postcode.
    const portal = `/api/public/portal/${order.orderNumber}`;
    expect((await app.inject({ method: 'GET', url: `${portal}/certificate.pdf` })).statusCode).toBe(
      401,
    );
    const proof = await app.inject({
      method: 'POST',
      url: `${portal}/proof`,
      headers: { origin: 'http://localhost:5000' },
      payload: { postcode: 'TR1 2AB' },
    });
    expect(proof.statusCode, proof.body).toBe(200);
    const cookie = proof.cookies.find((c) => c.name === 'uplink_portal')!;
    const customerPdf = await app.inject({
      method: 'GET',
      url: `${portal}/certificate.pdf`,
      cookies: { uplink_portal: cookie.value },
    });
    expect(customerPdf.statusCode).toBe(200);
    expect(customerPdf.headers['content-type']).toBe('application/pdf');
  });

  it('fails a visit with a reason through the order action', async () => {
    const { visitId, order } = await scheduledVisit();
    const noNotes = await send('POST', visitPaths.fail(visitId), engineer.headers, {
      at: now(),
      failureReason: 'other',
    });
    expect(noNotes.statusCode).toBe(400);
    const failed = await send('POST', visitPaths.fail(visitId), engineer.headers, {
      at: now(),
      failureReason: 'customer_absent',
      notes: 'Nobody home, card left',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json().outcome).toMatchObject({
      result: 'failed',
      failureReason: 'customer_absent',
    });
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('revisit_required');
    expect(
      (await send('GET', visitPaths.certificate(order.orderNumber), backOffice)).statusCode,
    ).toBe(404);
  });
});
