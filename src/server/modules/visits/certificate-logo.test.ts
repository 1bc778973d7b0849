import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { visitPaths } from '@shared/visits/visit-record';
import { buildOrder, createContractor } from '../../../../tests/factories/orders';
import { fillVisitRecord } from '../../../../tests/factories/visit-record';
import { createUser, signIn, signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { certificatePdf, drawableLogo } from './certificate-pdf';
import { orderSummary } from './installation.service';
import { visits } from './visits.schema';

// Issue 21: the company logo from /settings heads the completion certificate when one is set.

let app: TestApp;
let office: AuthHeaders;
let orderNumber: string;

/** Image XObjects in the PDF (the photos, the signature, and the logo when drawn). */
const imagesIn = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

const textOf = async (pdf: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;

const certificate = () =>
  app.inject({ method: 'GET', url: visitPaths.certificate(orderNumber), headers: office });

beforeAll(async () => {
  app = await createTestApp();
  office = (await signInAs(app, 'back_office')).headers;
  const contractorId = (await createContractor(app)).id;
  const engineer = await createUser(app, { role: 'engineer', contractorId });
  const order = await buildOrder(app, {
    status: 'in_progress',
    kitStatus: 'arrived',
    contractorId,
    engineerId: engineer.id,
  });
  orderNumber = order.orderNumber;
  const [visit] = await app.deps.database.db
    .select()
    .from(visits)
    .where(eq(visits.orderId, order.id));
  await fillVisitRecord(app, visit!.id);
  const done = await app.inject({
    method: 'POST',
    url: visitPaths.complete(visit!.id),
    headers: { ...(await signIn(app, engineer)), 'idempotency-key': randomUUID() },
    payload: { at: new Date().toISOString(), notes: '' },
  });
  expect(done.statusCode, done.body).toBe(200);
});

describe('the completion certificate and the company logo', () => {
  it('is produced without a logo, with the company name, and draws one more image once a PNG logo is set', async () => {
    const without = await certificate();
    expect(without.statusCode).toBe(200);
    expect(without.headers['content-type']).toBe('application/pdf');
    const plain = without.rawPayload;
    expect(await textOf(plain)).toContain('Uplink Installations');

    const png = await sharp({
      create: { width: 123, height: 41, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/settings/company/logo',
      headers: office,
      payload: { dataBase64: png.toString('base64') },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    try {
      const withLogo = await certificate();
      expect(withLogo.statusCode).toBe(200);
      expect(withLogo.headers['content-type']).toBe('application/pdf');
      const pdf = withLogo.rawPayload;
      expect(imagesIn(pdf)).toBe(imagesIn(plain) + 1);
      expect(pdf.toString('latin1')).toMatch(/\/Width 123\b/);
      // The text is all still there, under the logo.
      const text = await textOf(pdf);
      for (const expected of ['Installation completion certificate', 'Uplink Installations'])
        expect(text).toContain(expected);
    } finally {
      await app.inject({ method: 'DELETE', url: '/api/settings/company/logo', headers: office });
    }
    expect(imagesIn((await certificate()).rawPayload)).toBe(imagesIn(plain));
  });

  it('keeps the company name only when the logo bytes are not a PNG or JPEG (an SVG)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20"><rect width="60" height="20"/></svg>',
    );
    expect(drawableLogo(svg)).toBe(false);
    expect(drawableLogo(null)).toBe(false);
    expect(
      drawableLogo(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .jpeg()
          .toBuffer(),
      ),
    ).toBe(true);

    const summary = await orderSummary(app.deps, null, orderNumber);
    const { database, adapters } = app.deps;
    const plain = await certificatePdf(database.db, adapters.storage, summary, null);
    const withSvg = await certificatePdf(database.db, adapters.storage, summary, svg);
    expect(withSvg.subarray(0, 5).toString()).toBe('%PDF-');
    expect(imagesIn(withSvg)).toBe(imagesIn(plain));
    expect(await textOf(withSvg)).toContain('Uplink Installations');
  });
});
