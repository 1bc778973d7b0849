import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { XeroDocument, XeroStatus, XeroSyncLog } from '@shared/xero/xero.contracts';
import {
  buildOrder,
  createContractor,
  createJobType,
  createPartner,
} from '../../../../tests/factories/orders';
import { createUser, signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { startXeroStandIn, type XeroStandIn } from '../../../../tests/support/xero-stand-in';
import { readTarGz } from '../../../../tests/support/backup-fingerprints';
import { createBackupNow, deleteBackup, openBackup } from '../backup/backup.service';
import { logRedaction, logSerializers } from '../../app';
import { insertOrderEvent } from '../orders/orders.repository';
import { takeSlot, XeroProblem, xeroLimits } from './xero-api';
import { xeroCallCounts, xeroConnections, xeroDocuments, xeroSettings } from './xero.schema';
import { attemptDocument } from './xero.service';
import { xeroSubscriber } from './xero.subscribers';

// Against a real stand-in for Xero on a local port (tests/support/xero-stand-in.ts): the OAuth
// redirect, the token endpoint, GET /connections and the accounting API. Jobs are run by the
// test (workers off) with its own clock, so retries and waits take no time.

describe('Xero', () => {
  let app: TestApp;
  let stand: XeroStandIn;
  let office: AuthHeaders;
  let contractorUser: AuthHeaders;

  beforeAll(async () => {
    stand = await startXeroStandIn();
    app = await createTestApp({
      config: {
        XERO_CLIENT_ID: stand.clientId,
        XERO_CLIENT_SECRET: stand.clientSecret,
        XERO_AUTHORIZE_URL: stand.authorizeUrl,
        XERO_TOKEN_URL: stand.tokenUrl,
        XERO_API_BASE: stand.apiBase,
      },
    });
    office = (await signInAs(app, 'back_office')).headers;
    contractorUser = (await signInAs(app, 'contractor')).headers;
  });
  afterAll(async () => {
    await app.close();
    await stand.close();
  });
  // The file makes more than 60 calls within a minute: each test starts with fresh windows (the
  // limits have their own tests).
  beforeEach(async () => {
    await app.deps.database.db.delete(xeroCallCounts);
  });

  const db = () => app.deps.database.db;

  async function connect(headers: AuthHeaders = office) {
    const start = await app.inject({ method: 'POST', url: '/api/xero/connect', headers });
    expect(start.statusCode, start.body).toBe(200);
    const { authorizeUrl } = start.json() as { authorizeUrl: string };
    // The browser's trip to Xero and back: the stand-in consents at once.
    const consent = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(
      `${app.deps.config.PUBLIC_URL}/api/xero/callback`,
    );
    const callback = await app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers,
    });
    return { callback, back };
  }

  async function status() {
    const res = await app.inject({ method: 'GET', url: '/api/xero', headers: office });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as XeroStatus;
  }

  const goodSettings = {
    salesAccountCode: '200',
    salesTaxType: 'OUTPUT2',
    purchaseAccountCode: '310',
    purchaseTaxType: 'INPUT2',
    invoiceStatus: 'AUTHORISED',
    dueDays: 30,
  };

  async function saveSettings(body: Record<string, unknown> = goodSettings) {
    return app.inject({ method: 'PUT', url: '/api/xero/settings', headers: office, payload: body });
  }

  /** A completed order whose `order.complete` event is handed to the Xero subscriber. */
  async function completedOrder(
    overrides: { partnerId?: string; contractorId?: string; completedAt?: Date } = {},
  ) {
    const contractorId = overrides.contractorId ?? (await createContractor(app)).id;
    const jobType = await createJobType(app, { name: 'Satellite install' });
    const completedAt = overrides.completedAt ?? new Date();
    const order = await buildOrder(app, {
      status: 'completed',
      ...(overrides.partnerId ? { partnerId: overrides.partnerId } : {}),
      jobTypeId: jobType.id,
      contractorId,
      pricePence: 19_900,
      payoutPence: 12_000,
      completedAt,
    });
    const eventId = randomUUID();
    await db().transaction(async (tx) => {
      await insertOrderEvent(tx as never, {
        id: eventId,
        orderId: order.id,
        type: 'complete',
        actorRole: 'engineer',
        actorName: 'Test engineer',
        fromStatus: 'in_progress',
        toStatus: 'completed',
        createdAt: completedAt,
      });
    });
    return { order, eventId };
  }

  async function documentsOf(orderId: string) {
    return db().select().from(xeroDocuments).where(eq(xeroDocuments.orderId, orderId));
  }

  async function expireAccessToken() {
    await db()
      .update(xeroConnections)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) });
  }

  const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

  describe('before connecting', () => {
    it('says it is configured and not connected, and refuses calls that need Xero', async () => {
      const now = await status();
      expect(now).toMatchObject({ configured: true, status: 'not_connected', settings: null });
      expect(now.redirectUri).toBe(`${app.deps.config.PUBLIC_URL}/api/xero/callback`);
      const options = await app.inject({
        method: 'GET',
        url: '/api/xero/options',
        headers: office,
      });
      expect(options.statusCode).toBe(409);
      expect(options.json()).toMatchObject({ code: 'XERO_NOT_CONNECTED' });
    });
  });

  describe('connecting', () => {
    it('refuses a callback whose state is missing, unknown, of another session, or used', async () => {
      const missing = await app.inject({
        method: 'GET',
        url: '/api/xero/callback?code=abc',
        headers: office,
      });
      expect(missing.statusCode).toBe(302);
      expect(missing.headers.location).toBe('/xero-settings?xero=bad_state');

      const unknown = await app.inject({
        method: 'GET',
        url: '/api/xero/callback?code=abc&state=not-a-state',
        headers: office,
      });
      expect(unknown.headers.location).toBe('/xero-settings?xero=bad_state');

      // A state started by another back-office session is not this one's.
      const other = (await signInAs(app, 'back_office')).headers;
      const start = await app.inject({ method: 'POST', url: '/api/xero/connect', headers: other });
      const consent = await fetch((start.json() as { authorizeUrl: string }).authorizeUrl, {
        redirect: 'manual',
      });
      const back = new URL(consent.headers.get('location')!);
      const stolen = await app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: office,
      });
      expect(stolen.headers.location).toBe('/xero-settings?xero=bad_state');
      // …and it was single use: its owner cannot use it afterwards either.
      const reused = await app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: other,
      });
      expect(reused.headers.location).toBe('/xero-settings?xero=bad_state');
      expect(stand.grants.authorization_code).toBe(0);
      expect((await status()).status).toBe('not_connected');
    });

    it('refuses a state older than ten minutes', async () => {
      const start = await app.inject({ method: 'POST', url: '/api/xero/connect', headers: office });
      const consent = await fetch((start.json() as { authorizeUrl: string }).authorizeUrl, {
        redirect: 'manual',
      });
      const back = new URL(consent.headers.get('location')!);
      const { xeroOauthStates } = await import('./xero.schema');
      await db()
        .update(xeroOauthStates)
        .set({ expiresAt: new Date(Date.now() - 1000) });
      const late = await app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: office,
      });
      expect(late.headers.location).toBe('/xero-settings?xero=bad_state');
    });

    it('asks for offline_access, stores the tokens encrypted, and picks the one organisation', async () => {
      const { callback, back } = await connect();
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toBe('/xero-settings?xero=connected');
      expect(back.searchParams.get('scope')).toContain('offline_access');
      expect(stand.grants.authorization_code).toBe(1);
      const now = await status();
      expect(now).toMatchObject({
        status: 'connected',
        organisation: stand.tenants[0],
        organisations: stand.tenants,
      });
      // Neither token is in the database in plain text.
      const [row] = await db().select().from(xeroConnections);
      expect(row!.tokens).toMatch(/^v1:/);
      const dump = JSON.stringify(row);
      for (const token of stand.issued) expect(dump).not.toContain(token);
    });

    it('a backup holds the tokens only as ciphertext', async () => {
      const made = await createBackupNow(app.deps, {}, 'cli');
      const opened = await openBackup(app.deps, made.name);
      const chunks: Buffer[] = [];
      for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
      const everything = Buffer.concat([...readTarGz(Buffer.concat(chunks)).values()]).toString(
        'utf8',
      );
      const [row] = await db().select().from(xeroConnections);
      expect(everything).toContain(row!.tokens);
      for (const token of stand.issued) expect(everything).not.toContain(token);
      await deleteBackup(app.deps, made.name, {});
    });

    it('sends xero-tenant-id on every accounting call', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/xero/options', headers: office });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        accounts: expect.arrayContaining([{ code: '200', name: 'Sales', type: 'REVENUE' }]),
        taxRates: expect.arrayContaining([expect.objectContaining({ taxType: 'OUTPUT2' })]),
      });
      const calls = stand.requests.filter((r) => r.path.startsWith('/api.xro/'));
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls)
        expect(call.headers['xero-tenant-id']).toBe(stand.tenants[0]!.tenantId);
    });
  });

  describe('settings', () => {
    it('refuses account codes and tax types the organisation does not have', async () => {
      const res = await saveSettings({
        ...goodSettings,
        salesAccountCode: '999',
        purchaseTaxType: 'NOPE',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: {
          salesAccountCode: ['Xero has no active account with code 999'],
          purchaseTaxType: ['Xero has no active tax rate NOPE'],
        },
      });
    });

    it('refuses bad input with a reason per field', async () => {
      const res = await saveSettings({
        ...goodSettings,
        invoiceStatus: 'PAID',
        dueDays: -3,
        salesAccountCode: '',
      });
      expect(res.statusCode).toBe(400);
      const body = res.json() as { details: Record<string, string[]> };
      expect(body.details.invoiceStatus).toEqual(['Choose DRAFT or AUTHORISED']);
      expect(body.details.dueDays).toEqual(['Enter 0 to 120 days']);
      expect(body.details.salesAccountCode).toEqual(['Choose the sales account']);
    });

    it('saves settings that Xero knows', async () => {
      const res = await saveSettings();
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as XeroStatus).settings).toEqual(goodSettings);
    });
  });

  describe('refreshing the access token', () => {
    it('refreshes before expiry, rotating the refresh token', async () => {
      const before = stand.grants.refresh_token;
      await expireAccessToken();
      const res = await app.inject({ method: 'GET', url: '/api/xero/options', headers: office });
      expect(res.statusCode, res.body).toBe(200);
      expect(stand.grants.refresh_token).toBe(before + 1);
      const [row] = await db().select().from(xeroConnections);
      expect(row!.accessExpiresAt.getTime()).toBeGreaterThan(Date.now() + 20 * 60_000);
    });

    it('two refreshes racing make one refresh and stay connected', async () => {
      const before = stand.grants.refresh_token;
      await expireAccessToken();
      const answers = await Promise.all([
        app.inject({ method: 'GET', url: '/api/xero/options', headers: office }),
        app.inject({ method: 'GET', url: '/api/xero/options', headers: office }),
        app.inject({ method: 'GET', url: '/api/xero/options', headers: office }),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      expect(stand.grants.refresh_token).toBe(before + 1);
      expect((await status()).status).toBe('connected');
    });

    it('a refresh whose new token was lost still works with the previous one (30-minute grace)', async () => {
      const [saved] = await db().select().from(xeroConnections);
      await expireAccessToken();
      expect(
        (await app.inject({ method: 'GET', url: '/api/xero/options', headers: office })).statusCode,
      ).toBe(200);
      // As if that refresh's commit had been lost: the old (now previous) refresh token again.
      await db()
        .update(xeroConnections)
        .set({ tokens: saved!.tokens, accessExpiresAt: new Date(Date.now() - 1000) });
      const res = await app.inject({ method: 'GET', url: '/api/xero/options', headers: office });
      expect(res.statusCode, res.body).toBe(200);
      expect((await status()).status).toBe('connected');
    });
  });

  describe('invoices and bills', () => {
    beforeEach(() => {
      stand.documents.length = 0;
    });

    it('one invoice and one bill per completed order, when the event and the job run twice', async () => {
      const partner = await createPartner(app, { name: 'Skyline Broadband' });
      const contractor = await createContractor(app, { name: 'Tamar Satellite Services Ltd' });
      const { order, eventId } = await completedOrder({
        partnerId: partner.id,
        contractorId: contractor.id,
      });
      expect(await app.deps.events.deliver(xeroSubscriber, eventId)).toBe('done');
      expect(await app.deps.events.deliver(xeroSubscriber, eventId)).toBe('already_done');
      const documents = await documentsOf(order.id);
      expect(documents.map((d) => d.kind).sort()).toEqual(['bill', 'invoice']);
      for (const document of documents) {
        expect(await attemptDocument(app.deps, document.id)).toBe('sent');
        expect(await attemptDocument(app.deps, document.id)).toBe('skipped');
      }
      expect(stand.documents.map((d) => d.Type).sort()).toEqual(['ACCPAY', 'ACCREC']);
      const invoice = stand.documents.find((d) => d.Type === 'ACCREC')!;
      const bill = stand.documents.find((d) => d.Type === 'ACCPAY')!;
      const invoiceRow = documents.find((d) => d.kind === 'invoice')!;
      expect(invoice.idempotencyKey).toBe(invoiceRow.id);
      expect(invoice.body).toMatchObject({
        Status: 'AUTHORISED',
        LineItems: [{ UnitAmount: 199, AccountCode: '200', TaxType: 'OUTPUT2', Quantity: 1 }],
      });
      expect(bill.body).toMatchObject({
        InvoiceNumber: order.orderNumber,
        LineItems: [{ UnitAmount: 120, AccountCode: '310', TaxType: 'INPUT2' }],
      });
      // Contacts: the partner is billed, the contractor bills us; each made once.
      const contacts = await app.inject({
        method: 'GET',
        url: '/api/xero/contacts',
        headers: office,
      });
      expect(contacts.statusCode, contacts.body).toBe(200);
      expect((contacts.json() as { items: unknown[] }).items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'partner', localId: partner.id, how: 'created' }),
          expect.objectContaining({ kind: 'contractor', localId: contractor.id, how: 'created' }),
        ]),
      );
      const contactNames = stand.contacts.map((c) => c.Name);
      expect(contactNames).toEqual(
        expect.arrayContaining(['Skyline Broadband', 'Tamar Satellite Services Ltd']),
      );

      // The order shows what was sent: Xero's id and number.
      const res = await app.inject({
        method: 'GET',
        url: `/api/xero/orders/${order.id}/documents`,
        headers: office,
      });
      expect(res.statusCode, res.body).toBe(200);
      const shown = (res.json() as { items: XeroDocument[] }).items;
      expect(shown.find((d) => d.kind === 'invoice')).toMatchObject({
        status: 'sent',
        xeroId: invoice.id,
        xeroNumber: invoice.number,
        orderNumber: order.orderNumber,
      });
    });

    it('matches an existing contact by name rather than making another', async () => {
      const partner = await createPartner(app, { name: `Existing ${randomUUID().slice(0, 6)}` });
      stand.contacts.push({ ContactID: randomUUID(), Name: partner.name });
      const count = stand.contacts.length;
      const { order, eventId } = await completedOrder({ partnerId: partner.id });
      await app.deps.events.deliver(xeroSubscriber, eventId);
      const invoice = (await documentsOf(order.id)).find((d) => d.kind === 'invoice')!;
      expect(await attemptDocument(app.deps, invoice.id)).toBe('sent');
      expect(stand.contacts.length).toBe(count);
      const contacts = await app.inject({
        method: 'GET',
        url: '/api/xero/contacts',
        headers: office,
      });
      expect((contacts.json() as { items: unknown[] }).items).toContainEqual(
        expect.objectContaining({ kind: 'partner', name: partner.name, how: 'matched' }),
      );
    });

    it('500 then 200: retries with backoff and makes one invoice', async () => {
      const { order, eventId } = await completedOrder();
      await app.deps.events.deliver(xeroSubscriber, eventId);
      const invoice = (await documentsOf(order.id)).find((d) => d.kind === 'invoice')!;
      stand.failNext({ status: 500, resource: 'Invoices' });
      expect(await attemptDocument(app.deps, invoice.id)).toBe('retrying');
      const [waiting] = await db()
        .select()
        .from(xeroDocuments)
        .where(eq(xeroDocuments.id, invoice.id));
      expect(waiting!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 5_000);
      expect(await attemptDocument(app.deps, invoice.id)).toBe('skipped'); // not due yet
      expect(await attemptDocument(app.deps, invoice.id, { now: inSeconds(11) })).toBe('sent');
      expect(stand.documents.filter((d) => d.Type === 'ACCREC')).toHaveLength(1);
    });

    it('a 500 after Xero made the invoice: the retry carries the same Idempotency-Key, so still one', async () => {
      const { order, eventId } = await completedOrder();
      await app.deps.events.deliver(xeroSubscriber, eventId);
      const invoice = (await documentsOf(order.id)).find((d) => d.kind === 'invoice')!;
      stand.failNext({ status: 500, resource: 'Invoices', afterCreate: true });
      expect(await attemptDocument(app.deps, invoice.id)).toBe('retrying');
      expect(await attemptDocument(app.deps, invoice.id, { now: inSeconds(11) })).toBe('sent');
      expect(stand.documents.filter((d) => d.Type === 'ACCREC')).toHaveLength(1);
      const [sent] = await db()
        .select()
        .from(xeroDocuments)
        .where(eq(xeroDocuments.id, invoice.id));
      expect(sent!.xeroId).toBe(stand.documents[0]!.id);
    });

    it('429 then 200: waits for Retry-After, then makes one invoice', async () => {
      const { order, eventId } = await completedOrder();
      await app.deps.events.deliver(xeroSubscriber, eventId);
      const invoice = (await documentsOf(order.id)).find((d) => d.kind === 'invoice')!;
      stand.failNext({ status: 429, retryAfter: 7, resource: 'Invoices' });
      const now = new Date();
      expect(await attemptDocument(app.deps, invoice.id, { now })).toBe('waiting');
      const [waiting] = await db()
        .select()
        .from(xeroDocuments)
        .where(eq(xeroDocuments.id, invoice.id));
      expect(waiting!.nextAttemptAt!.getTime()).toBe(now.getTime() + 7000);
      expect(waiting!.failures).toBe(0);
      expect(
        await attemptDocument(app.deps, invoice.id, { now: new Date(now.getTime() + 6000) }),
      ).toBe('skipped');
      expect(
        await attemptDocument(app.deps, invoice.id, { now: new Date(now.getTime() + 7000) }),
      ).toBe('sent');
      expect(stand.documents.filter((d) => d.Type === 'ACCREC')).toHaveLength(1);
    });

    it('"send orders completed since" queues what was never sent; a second run queues nothing', async () => {
      const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const run = () =>
        app.inject({
          method: 'POST',
          url: '/api/xero/send-since',
          headers: office,
          payload: { since },
        });
      // Orders of the tests above already have theirs.
      expect((await run()).json()).toMatchObject({ queued: 0 });
      const first = await completedOrder();
      const second = await completedOrder();
      const bad = await app.inject({
        method: 'POST',
        url: '/api/xero/send-since',
        headers: office,
        payload: { since: '2026-02-30' },
      });
      expect(bad.statusCode).toBe(400);
      const once = await run();
      expect(once.statusCode, once.body).toBe(200);
      expect(once.json()).toMatchObject({ queued: 4 });
      const twice = await run();
      expect(twice.json()).toMatchObject({ queued: 0 });
      // The events arriving later change nothing either.
      await app.deps.events.deliver(xeroSubscriber, first.eventId);
      await app.deps.events.deliver(xeroSubscriber, second.eventId);
      const all = [...(await documentsOf(first.order.id)), ...(await documentsOf(second.order.id))];
      expect(all).toHaveLength(4);
      for (const document of all) expect(await attemptDocument(app.deps, document.id)).toBe('sent');
      expect(stand.documents).toHaveLength(4);
      expect((await run()).json()).toMatchObject({ queued: 0 });
    });

    it('an unknown account code fails for a person, shows in the log and the count, and retries', async () => {
      const { order, eventId } = await completedOrder();
      await app.deps.events.deliver(xeroSubscriber, eventId);
      const invoice = (await documentsOf(order.id)).find((d) => d.kind === 'invoice')!;
      const sales = stand.accounts.find((a) => a.Code === '200')!;
      stand.accounts.splice(stand.accounts.indexOf(sales), 1);
      expect(await attemptDocument(app.deps, invoice.id)).toBe('failed');
      expect((await status()).needsAttention).toBe(1);
      // …and on the back-office dashboard.
      const dashboard = await app.inject({ method: 'GET', url: '/api/dashboard', headers: office });
      expect(dashboard.json()).toMatchObject({ xeroNeedsAttention: 1 });
      const log = await app.inject({
        method: 'GET',
        url: '/api/xero/sync-log?status=failed',
        headers: office,
      });
      expect(log.statusCode, log.body).toBe(200);
      const entry = (log.json() as XeroSyncLog).items.find((d) => d.id === invoice.id)!;
      expect(entry).toMatchObject({ needsAttention: true, status: 'failed' });
      expect(entry.lastError).toContain("Account code '200' is not a valid code");
      const lastCall = entry.calls.at(-1)!;
      expect(lastCall).toMatchObject({
        method: 'PUT',
        path: '/api.xro/2.0/Invoices',
        responseStatus: 400,
      });
      expect(lastCall.requestBody).toContain('"AccountCode":"200"');

      stand.accounts.push(sales);
      const retry = await app.inject({
        method: 'POST',
        url: `/api/xero/documents/${invoice.id}/retry`,
        headers: office,
      });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json()).toMatchObject({ status: 'sent', needsAttention: false });
      expect((await status()).needsAttention).toBe(0);
      const cleared = await app.inject({ method: 'GET', url: '/api/dashboard', headers: office });
      expect(cleared.json()).toMatchObject({ xeroNeedsAttention: 0 });
      const again = await app.inject({
        method: 'POST',
        url: `/api/xero/documents/${invoice.id}/retry`,
        headers: office,
      });
      expect(again.statusCode).toBe(400);
      const missing = await app.inject({
        method: 'POST',
        url: `/api/xero/documents/${randomUUID()}/retry`,
        headers: office,
      });
      expect(missing.statusCode).toBe(404);
      const notId = await app.inject({
        method: 'POST',
        url: '/api/xero/documents/nope/retry',
        headers: office,
      });
      expect(notId.statusCode).toBe(400);
    });

    it('an event from before the connection was made is left to "send since"', async () => {
      const [connection] = await db().select().from(xeroConnections);
      const { order, eventId } = await completedOrder({
        completedAt: new Date(connection!.connectedAt.getTime() - 60_000),
      });
      expect(await app.deps.events.deliver(xeroSubscriber, eventId)).toBe('done');
      expect(await documentsOf(order.id)).toHaveLength(0);
      const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const run = await app.inject({
        method: 'POST',
        url: '/api/xero/send-since',
        headers: office,
        payload: { since },
      });
      expect(run.json()).toMatchObject({ queued: 2 });
      expect(await documentsOf(order.id)).toHaveLength(2);
    });

    it('a cancel after invoicing makes one credit note (the event run twice)', async () => {
      // The lifecycle does not cancel a completed order today; the subscriber is ready for it.
      const { order, eventId } = await completedOrder();
      await app.deps.events.deliver(xeroSubscriber, eventId);
      const invoice = (await documentsOf(order.id)).find((d) => d.kind === 'invoice')!;
      expect(await attemptDocument(app.deps, invoice.id)).toBe('sent');
      const cancelId = randomUUID();
      await db().transaction(async (tx) => {
        await insertOrderEvent(tx as never, {
          id: cancelId,
          orderId: order.id,
          type: 'cancel',
          actorRole: 'back_office',
          actorName: 'Test office',
          fromStatus: 'completed',
          toStatus: 'cancelled',
          reason: 'Customer withdrew',
        });
      });
      expect(await app.deps.events.deliver(xeroSubscriber, cancelId)).toBe('done');
      expect(await app.deps.events.deliver(xeroSubscriber, cancelId)).toBe('already_done');
      const credit = (await documentsOf(order.id)).filter((d) => d.kind === 'credit_note');
      expect(credit).toHaveLength(1);
      expect(await attemptDocument(app.deps, credit[0]!.id)).toBe('sent');
      expect(await attemptDocument(app.deps, credit[0]!.id)).toBe('skipped');
      const notes = stand.documents.filter((d) => d.kind === 'credit_note');
      expect(notes).toHaveLength(1);
      expect(notes[0]!.body).toMatchObject({
        Type: 'ACCRECCREDIT',
        LineItems: [{ UnitAmount: 199, AccountCode: '200' }],
      });
      expect(notes[0]!.idempotencyKey).toBe(credit[0]!.id);
    });

    it('sends no token to the sync log', async () => {
      const log = await app.inject({ method: 'GET', url: '/api/xero/sync-log', headers: office });
      for (const token of stand.issued) expect(log.body).not.toContain(token);
    });
  });

  describe('limits', () => {
    it('sends at most five documents at once, across every server', async () => {
      const orders = await Promise.all([1, 2, 3, 4, 5, 6].map(() => completedOrder()));
      for (const { eventId } of orders) await app.deps.events.deliver(xeroSubscriber, eventId);
      const invoices = (await Promise.all(orders.map(({ order }) => documentsOf(order.id)))).map(
        (documents) => documents.find((d) => d.kind === 'invoice')!,
      );
      // Five are being sent (by other workers, as it were).
      const later = inSeconds(60);
      for (const invoice of invoices.slice(0, 5))
        await db()
          .update(xeroDocuments)
          .set({ sendingUntil: later })
          .where(eq(xeroDocuments.id, invoice.id));
      const sixth = invoices[5]!;
      const calls = stand.requests.length;
      expect(await attemptDocument(app.deps, sixth.id)).toBe('waiting');
      expect(stand.requests.length).toBe(calls);
      const [waiting] = await db()
        .select()
        .from(xeroDocuments)
        .where(eq(xeroDocuments.id, sixth.id));
      expect(waiting!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
      // One finishes: the sixth goes.
      await db()
        .update(xeroDocuments)
        .set({ sendingUntil: null })
        .where(eq(xeroDocuments.id, invoices[0]!.id));
      expect(await attemptDocument(app.deps, sixth.id, { now: inSeconds(6) })).toBe('sent');
      const [sent] = await db().select().from(xeroDocuments).where(eq(xeroDocuments.id, sixth.id));
      expect(sent!.sendingUntil).toBeNull();
      await db().update(xeroDocuments).set({ sendingUntil: null });
    });

    it('allows 60 calls a minute per organisation, then says when to try again', async () => {
      const tenant = `limit-${randomUUID()}`;
      const now = new Date('2026-11-26T10:00:30Z');
      for (let i = 0; i < xeroLimits.perMinute; i += 1) await takeSlot(app.deps, tenant, now);
      const refused = await takeSlot(app.deps, tenant, now).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(XeroProblem);
      expect((refused as XeroProblem).retryAt).toEqual(new Date('2026-11-26T10:01:00Z'));
      // The next minute has room again; the day counts all of them.
      await takeSlot(app.deps, tenant, new Date('2026-11-26T10:01:00Z'));
      const rows = await db()
        .select()
        .from(xeroCallCounts)
        .where(eq(xeroCallCounts.tenantId, tenant));
      expect(rows.find((r) => r.window.startsWith('d:'))!.count).toBe(62);
    });

    it('allows 5,000 calls a day per organisation, then waits for the next day', async () => {
      const tenant = `day-${randomUUID()}`;
      const now = new Date('2026-11-26T18:00:00Z');
      await db()
        .insert(xeroCallCounts)
        .values({
          tenantId: tenant,
          window: 'd:2026-11-26',
          count: xeroLimits.perDay,
          expiresAt: new Date('2026-11-27T00:00:00Z'),
        });
      const refused = await takeSlot(app.deps, tenant, now).catch((error: unknown) => error);
      expect(refused).toMatchObject({ kind: 'limit', retryAt: new Date('2026-11-27T00:00:00Z') });
    });
  });

  describe('a revoked connection and disconnecting', () => {
    it('a revoked grant fails the document for a person and marks the connection', async () => {
      const { order, eventId } = await completedOrder();
      await app.deps.events.deliver(xeroSubscriber, eventId);
      const invoice = (await documentsOf(order.id)).find((d) => d.kind === 'invoice')!;
      stand.revokeAll();
      await expireAccessToken();
      expect(await attemptDocument(app.deps, invoice.id)).toBe('failed');
      const now = await status();
      expect(now.status).toBe('revoked');
      expect(now.problem).toContain('connect again');
      expect(now.needsAttention).toBeGreaterThan(0);
    });

    it('connecting again, then disconnect revokes at Xero', async () => {
      const { callback } = await connect();
      expect(callback.headers.location).toBe('/xero-settings?xero=connected');
      const before = stand.revoked.length;
      const res = await app.inject({
        method: 'POST',
        url: '/api/xero/disconnect',
        headers: office,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ revoked: true });
      expect(stand.revoked.length).toBe(before + 1);
      expect((await status()).status).toBe('not_connected');
      // Settings stay for the next connection.
      expect(await db().select().from(xeroSettings)).toHaveLength(1);
      const again = await app.inject({
        method: 'POST',
        url: '/api/xero/disconnect',
        headers: office,
      });
      expect(again.statusCode).toBe(409);
    });

    it('an order completed while disconnected records nothing', async () => {
      const { order, eventId } = await completedOrder();
      await app.deps.events.deliver(xeroSubscriber, eventId);
      expect(await documentsOf(order.id)).toHaveLength(0);
    });
  });

  describe('choosing among several organisations', () => {
    it('asks which, and accepts only one of those listed', async () => {
      stand.tenants.push({ tenantId: randomUUID(), tenantName: 'Second Org Ltd' });
      try {
        const { callback } = await connect();
        expect(callback.headers.location).toBe('/xero-settings?xero=choose_organisation');
        expect((await status()).status).toBe('choose_organisation');
        const wrong = await app.inject({
          method: 'PUT',
          url: '/api/xero/organisation',
          headers: office,
          payload: { tenantId: 'not-listed' },
        });
        expect(wrong.statusCode).toBe(400);
        const empty = await app.inject({
          method: 'PUT',
          url: '/api/xero/organisation',
          headers: office,
          payload: {},
        });
        expect(empty.statusCode).toBe(400);
        const res = await app.inject({
          method: 'PUT',
          url: '/api/xero/organisation',
          headers: office,
          payload: { tenantId: stand.tenants[1]!.tenantId },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ status: 'connected', organisation: stand.tenants[1] });
      } finally {
        stand.tenants.pop();
      }
    });
  });

  describe('who may call', () => {
    const endpoints: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }[] = [
      { method: 'GET', url: '/api/xero' },
      { method: 'POST', url: '/api/xero/connect' },
      { method: 'GET', url: '/api/xero/callback?code=a&state=b' },
      { method: 'PUT', url: '/api/xero/organisation', payload: { tenantId: 'x' } },
      { method: 'POST', url: '/api/xero/disconnect' },
      { method: 'GET', url: '/api/xero/options' },
      { method: 'PUT', url: '/api/xero/settings', payload: goodSettings },
      { method: 'POST', url: '/api/xero/send-since', payload: { since: '2026-01-01' } },
      { method: 'GET', url: '/api/xero/sync-log' },
      { method: 'GET', url: '/api/xero/contacts' },
      { method: 'POST', url: `/api/xero/documents/${randomUUID()}/retry` },
      { method: 'GET', url: `/api/xero/orders/${randomUUID()}/documents` },
    ];

    it('refuses other roles (403) and anyone signed out (401)', async () => {
      const engineer = (await signInAs(app, 'engineer')).headers;
      const customer = await createUser(app, { role: 'customer' });
      expect(customer.role).toBe('customer');
      for (const endpoint of endpoints) {
        for (const headers of [contractorUser, engineer]) {
          const res = await app.inject({ ...endpoint, headers });
          expect(res.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(403);
        }
        const anonymous = await app.inject({
          ...endpoint,
          headers: { origin: app.deps.config.PUBLIC_URL },
        });
        expect(anonymous.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(401);
      }
    });

    it('refuses bad input on the sync log and the order documents', async () => {
      const badPage = await app.inject({
        method: 'GET',
        url: '/api/xero/sync-log?page=0',
        headers: office,
      });
      expect(badPage.statusCode).toBe(400);
      const badStatus = await app.inject({
        method: 'GET',
        url: '/api/xero/sync-log?status=lost',
        headers: office,
      });
      expect(badStatus.statusCode).toBe(400);
      const badOrder = await app.inject({
        method: 'GET',
        url: '/api/xero/orders/not-an-id/documents',
        headers: office,
      });
      expect(badOrder.statusCode).toBe(400);
      const badSince = await app.inject({
        method: 'POST',
        url: '/api/xero/send-since',
        headers: office,
        payload: { since: 'yesterday' },
      });
      expect(badSince.statusCode).toBe(400);
    });
  });
});

describe('Xero not set up', () => {
  it('says so, and changes nothing else', async () => {
    const app = await createTestApp();
    try {
      await app.deps.database.db.delete(xeroConnections);
      const office = (await signInAs(app, 'back_office')).headers;
      const res = await app.inject({ method: 'GET', url: '/api/xero', headers: office });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ configured: false, status: 'not_connected' });
      const connect = await app.inject({
        method: 'POST',
        url: '/api/xero/connect',
        headers: office,
      });
      expect(connect.statusCode).toBe(409);
      expect(connect.json()).toMatchObject({ code: 'XERO_NOT_CONFIGURED' });
    } finally {
      await app.close();
    }
  });
});

describe('Xero and the log', () => {
  it('never writes a token or the authorization code to the log, even at trace level', async () => {
    const stand = await startXeroStandIn();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await createTestApp({
      config: {
        XERO_CLIENT_ID: stand.clientId,
        XERO_CLIENT_SECRET: stand.clientSecret,
        XERO_AUTHORIZE_URL: stand.authorizeUrl,
        XERO_TOKEN_URL: stand.tokenUrl,
        XERO_API_BASE: stand.apiBase,
      },
      logger: { level: 'trace', redact: logRedaction, serializers: logSerializers, stream },
    });
    try {
      await app.deps.database.db.delete(xeroConnections);
      const office = (await signInAs(app, 'back_office')).headers;
      const start = await app.inject({ method: 'POST', url: '/api/xero/connect', headers: office });
      const consent = await fetch((start.json() as { authorizeUrl: string }).authorizeUrl, {
        redirect: 'manual',
      });
      const back = new URL(consent.headers.get('location')!);
      const code = back.searchParams.get('code')!;
      const callback = await app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: office,
      });
      expect(callback.headers.location).toBe('/xero-settings?xero=connected');
      await app.deps.database.db
        .update(xeroConnections)
        .set({ accessExpiresAt: new Date(Date.now() - 1000) });
      const options = await app.inject({
        method: 'GET',
        url: '/api/xero/options',
        headers: office,
      });
      expect(options.statusCode).toBe(200);
      await app.inject({ method: 'POST', url: '/api/xero/disconnect', headers: office });
      const log = lines.join('');
      expect(log).toContain('/api/xero/callback?code=[redacted]');
      expect(log).not.toContain(code);
      expect(stand.issued.length).toBeGreaterThanOrEqual(4);
      for (const token of stand.issued) expect(log).not.toContain(token);
    } finally {
      await app.close();
      await stand.close();
    }
  });
});
