import { createHash, randomBytes } from 'node:crypto';
import { addDays } from 'date-fns';
import { sql } from 'drizzle-orm';
import { londonDateOf } from '@shared/london-date';
import { xeroErrorCodes } from '@shared/error-codes';
import type { XeroOptions, XeroSettings, XeroStatus } from '@shared/xero/xero.contracts';
import type { AuthUser } from '../../app-deps';
import type { Database } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import {
  directPartnerCode,
  findOrdersCompletedSince,
  findXeroBillingFacts,
  type XeroBillingFacts,
} from '../orders/projections/xero-billing.projection';
import {
  accessToken,
  callXero,
  exchangeCode,
  isConfigured,
  readTokens,
  redirectUriOf,
  revokeRefreshToken,
  storedTokens,
  XeroProblem,
  xeroScopes,
  type CallRecord,
  type Deps,
} from './xero-api';
import {
  claimDueDocument,
  countNeedsAttention,
  deleteConnectionRow,
  findConnectionRow,
  findContactRow,
  findDocumentOf,
  findDocumentRow,
  findSettingsRow,
  insertAttemptRow,
  insertContactRow,
  insertDocumentRows,
  insertStateRow,
  overdueDocumentIds,
  takeStateRow,
  updateConnectionRow,
  updateDocumentRow,
  upsertConnectionRow,
  upsertSettingsRow,
} from './xero.repository';
import type { XeroContactKind, XeroDocumentKind, XeroDocumentRow } from './xero.schema';

// Xero (issue 22): docs/decisions/078-xero-invoices-and-bills.md.

export const sendXeroDocumentJob = 'xero.send-document';
export const sweepXeroJob = 'xero.sweep';
/** How long a `state` waits for Xero's redirect. */
export const stateLifetimeMs = 10 * 60_000;
/** An attempt holds its document this long; a crash mid-attempt retries after it. */
const attemptLeaseMs = 2 * 60_000;
/** Xero's limit of calls in progress at once per organisation. */
export const xeroConcurrency = 5;
/** The waits after a 5xx or a network failure, then it stops for a person's retry. */
export const xeroBackoffMs = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function requireConfigured(deps: Deps) {
  if (!isConfigured(deps))
    throw new AppError(
      409,
      xeroErrorCodes.xeroNotConfigured,
      'Xero is not set up on this server: set XERO_CLIENT_ID and XERO_CLIENT_SECRET.',
    );
}

const notConnected = (message = 'Connect Xero first.') =>
  new AppError(409, xeroErrorCodes.xeroNotConnected, message);

/** A Xero problem during a back-office request, as an answer. */
function asAppError(error: unknown): never {
  if (error instanceof XeroProblem) {
    if (error.kind === 'not_connected' || error.kind === 'revoked')
      throw notConnected(error.message);
    throw new AppError(502, xeroErrorCodes.xeroUnavailable, error.message);
  }
  throw error;
}

export async function xeroStatus(deps: Deps): Promise<XeroStatus> {
  const db = deps.database.db;
  const [connection, settings, needsAttention] = await Promise.all([
    findConnectionRow(db),
    findSettingsRow(db),
    countNeedsAttention(db),
  ]);
  return {
    configured: isConfigured(deps),
    redirectUri: redirectUriOf(deps),
    status: connection?.status ?? 'not_connected',
    organisation:
      connection?.tenantId && connection.tenantName
        ? { tenantId: connection.tenantId, tenantName: connection.tenantName }
        : null,
    organisations: connection?.tenants ?? [],
    problem: connection?.problem ?? null,
    connectedAt: connection?.connectedAt.toISOString() ?? null,
    settings: settings
      ? {
          salesAccountCode: settings.salesAccountCode,
          salesTaxType: settings.salesTaxType,
          purchaseAccountCode: settings.purchaseAccountCode,
          purchaseTaxType: settings.purchaseTaxType,
          invoiceStatus: settings.invoiceStatus,
          dueDays: settings.dueDays,
        }
      : null,
    needsAttention,
  };
}

/** Starts a connect: a single-use `state` bound to this session; answers Xero's consent URL. */
export async function startConnect(deps: Deps, user: AuthUser, now = new Date()) {
  requireConfigured(deps);
  const state = randomBytes(32).toString('base64url');
  await insertStateRow(deps.database.db, {
    stateHash: sha256(state),
    sessionId: user.sessionId,
    userId: user.id,
    expiresAt: new Date(now.getTime() + stateLifetimeMs),
  });
  const url = new URL(deps.config.XERO_AUTHORIZE_URL);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', deps.config.XERO_CLIENT_ID!);
  url.searchParams.set('redirect_uri', redirectUriOf(deps));
  url.searchParams.set('scope', xeroScopes);
  url.searchParams.set('state', state);
  return { authorizeUrl: url.toString() };
}

export type CallbackOutcome =
  | 'connected'
  | 'choose_organisation'
  | 'denied'
  | 'bad_state'
  | 'failed';

/**
 * Xero's redirect back: the state must be one this session started, unused and recent; then
 * the code becomes tokens (stored encrypted) and GET /connections lists the organisations.
 */
export async function finishConnect(
  deps: Deps,
  user: AuthUser,
  query: { code?: string; state?: string; error?: string },
  now = new Date(),
): Promise<CallbackOutcome> {
  requireConfigured(deps);
  const db = deps.database.db;
  const taken = query.state ? await takeStateRow(db, sha256(query.state)) : null;
  if (!taken || taken.sessionId !== user.sessionId || taken.expiresAt <= now) return 'bad_state';
  if (query.error || !query.code) return 'denied';
  try {
    const tokens = await exchangeCode(deps, query.code);
    const response = await fetch(`${deps.config.XERO_API_BASE.replace(/\/$/, '')}/connections`, {
      headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(30_000),
    });
    if (response.status !== 200)
      throw new XeroProblem('server', `GET /connections: ${response.status}`);
    const list = (await response.json()) as {
      tenantId: string;
      tenantName: string;
      tenantType?: string;
    }[];
    const tenants = list
      .filter((entry) => (entry.tenantType ?? 'ORGANISATION') === 'ORGANISATION')
      .map((entry) => ({ tenantId: entry.tenantId, tenantName: entry.tenantName }));
    const only = tenants.length === 1 ? tenants[0]! : null;
    await upsertConnectionRow(db, {
      status: only ? 'connected' : 'choose_organisation',
      tenantId: only?.tenantId ?? null,
      tenantName: only?.tenantName ?? null,
      tenants,
      tokens: storedTokens(deps, {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
      }),
      accessExpiresAt: new Date(now.getTime() + (Number(tokens.expires_in) || 1800) * 1000),
      problem: null,
      connectedBy: user.id,
      connectedAt: now,
    });
    deps.log.info({ organisations: tenants.length }, 'Xero connected');
    return only ? 'connected' : 'choose_organisation';
  } catch (error) {
    deps.log.warn(
      { err: error instanceof XeroProblem ? error.message : String(error) },
      'Xero connect failed',
    );
    return 'failed';
  }
}

export async function chooseOrganisation(deps: Deps, tenantId: string) {
  requireConfigured(deps);
  const db = deps.database.db;
  const connection = await findConnectionRow(db);
  if (!connection || connection.status === 'revoked') throw notConnected();
  const chosen = connection.tenants.find((tenant) => tenant.tenantId === tenantId);
  if (!chosen)
    throw badRequest('That organisation is not one this Xero connection reaches', {
      tenantId: ['Choose one of the organisations listed'],
    });
  await updateConnectionRow(db, { status: 'connected', ...chosen });
}

/** Revokes the grant at Xero (so the refresh token dies there too) and forgets the tokens. */
export async function disconnect(deps: Deps) {
  requireConfigured(deps);
  const db = deps.database.db;
  const connection = await findConnectionRow(db);
  if (!connection) throw notConnected('Xero is not connected.');
  const tokens = readTokens(deps, connection.tokens);
  let revoked = false;
  if (tokens) {
    revoked = await revokeRefreshToken(deps, tokens.refreshToken).catch(() => false);
  }
  await deleteConnectionRow(db);
  return { revoked };
}

/** The organisation's active accounts and tax rates (for the settings' choices and checks). */
export async function xeroOptions(deps: Deps): Promise<XeroOptions> {
  requireConfigured(deps);
  try {
    const [accounts, taxRates] = [
      await callXero(deps, { method: 'GET', path: '/api.xro/2.0/Accounts' }),
      await callXero(deps, { method: 'GET', path: '/api.xro/2.0/TaxRates' }),
    ];
    const accountList =
      (
        accounts.json as {
          Accounts?: { Code?: string; Name: string; Type: string; Status: string }[];
        }
      ).Accounts ?? [];
    const taxList =
      (
        taxRates.json as {
          TaxRates?: { TaxType: string; Name: string; Status: string; EffectiveRate?: number }[];
        }
      ).TaxRates ?? [];
    return {
      accounts: accountList
        .filter((account) => account.Status === 'ACTIVE' && account.Code)
        .map((account) => ({ code: account.Code!, name: account.Name, type: account.Type })),
      taxRates: taxList
        .filter((rate) => rate.Status === 'ACTIVE')
        .map((rate) => ({ taxType: rate.TaxType, name: rate.Name, rate: rate.EffectiveRate ?? 0 })),
    };
  } catch (error) {
    asAppError(error);
  }
}

/** Saves the settings once every code and tax type is one the organisation has. */
export async function saveSettings(deps: Deps, input: XeroSettings) {
  requireConfigured(deps);
  const options = await xeroOptions(deps);
  const codes = new Set(options.accounts.map((account) => account.code));
  const taxTypes = new Set(options.taxRates.map((rate) => rate.taxType));
  const details: Record<string, string[]> = {};
  const unknownCode = (code: string) => `Xero has no active account with code ${code}`;
  const unknownTax = (type: string) => `Xero has no active tax rate ${type}`;
  if (!codes.has(input.salesAccountCode))
    details.salesAccountCode = [unknownCode(input.salesAccountCode)];
  if (!codes.has(input.purchaseAccountCode))
    details.purchaseAccountCode = [unknownCode(input.purchaseAccountCode)];
  if (!taxTypes.has(input.salesTaxType)) details.salesTaxType = [unknownTax(input.salesTaxType)];
  if (!taxTypes.has(input.purchaseTaxType))
    details.purchaseTaxType = [unknownTax(input.purchaseTaxType)];
  if (Object.keys(details).length > 0)
    throw badRequest('Some settings are not in your Xero organisation', details);
  await upsertSettingsRow(deps.database.db, input);
}

/**
 * Is Xero connected to an organisation, so documents may be recorded for sending? An event from
 * before the connection was made is not: orders done before connecting are "send since"'s job
 * (so a backlog of old events cannot flood Xero the moment it is connected).
 */
async function readyToRecord(deps: Deps, db: Database, occurredAt?: Date) {
  if (!isConfigured(deps)) return false;
  const connection = await findConnectionRow(db);
  if (connection?.status !== 'connected') return false;
  return !occurredAt || occurredAt >= connection.connectedAt;
}

function queueDocuments(deps: Deps, ids: string[]) {
  for (const documentId of ids) {
    // Not awaited: on PGlite the queue shares the connection a caller's transaction holds. A job
    // that runs before the commit finds no row and retries; a lost one is sent by the sweep.
    void deps.queue
      .send(sendXeroDocumentJob, { documentId }, { startAfter: 1, retryLimit: 3, retryDelay: 5 })
      .catch((error: unknown) =>
        deps.log.error({ err: error, documentId }, 'could not queue a Xero document'),
      );
  }
}

/** The invoice and the bill an order earns by completing (none twice: unique per order). */
export async function recordCompletedOrder(
  deps: Deps,
  db: Database,
  orderId: string,
  options: { occurredAt?: Date; now?: Date } = {},
) {
  const now = options.now ?? new Date();
  if (!(await readyToRecord(deps, db, options.occurredAt))) return [];
  const facts = await findXeroBillingFacts(db, orderId);
  if (!facts || !facts.completedAt) return [];
  const rows: { orderId: string; kind: XeroDocumentKind; amountPence: number }[] = [];
  if (facts.pricePence > 0) rows.push({ orderId, kind: 'invoice', amountPence: facts.pricePence });
  if (facts.contractorId && facts.payoutPence > 0)
    rows.push({ orderId, kind: 'bill', amountPence: facts.payoutPence });
  const ids = await insertDocumentRows(db, rows, now);
  queueDocuments(deps, ids);
  return ids;
}

/** A cancelled order that was invoiced gets one credit note for the invoice. */
export async function recordCancelledOrder(
  deps: Deps,
  db: Database,
  orderId: string,
  options: { occurredAt?: Date; now?: Date } = {},
) {
  const now = options.now ?? new Date();
  if (!(await readyToRecord(deps, db, options.occurredAt))) return [];
  const invoice = await findDocumentOf(db, orderId, 'invoice');
  if (!invoice) return [];
  const ids = await insertDocumentRows(
    db,
    [{ orderId, kind: 'credit_note', amountPence: invoice.amountPence }],
    now,
  );
  queueDocuments(deps, ids);
  return ids;
}

/** "Send orders completed since": the same rule as the event, so a second run adds nothing. */
export async function sendCompletedSince(deps: Deps, since: string) {
  requireConfigured(deps);
  const db = deps.database.db;
  if (!(await readyToRecord(deps, db))) throw notConnected();
  // The UK day's start (midnight in London, whatever the season).
  const start = await londonMidnight(db, since);
  const orderIds = await findOrdersCompletedSince(db, start);
  let queued = 0;
  for (const orderId of orderIds) queued += (await recordCompletedOrder(deps, db, orderId)).length;
  return { orders: orderIds.length, queued };
}

async function londonMidnight(db: Database, day: string) {
  const result = (await db.execute(
    sql`select ((${day}::date)::timestamp at time zone 'Europe/London') as at`,
  )) as unknown as { rows: { at: Date | string }[] };
  return new Date(result.rows[0]!.at);
}

const contactOf = (
  kind: XeroDocumentKind,
  facts: XeroBillingFacts,
): { kind: XeroContactKind; localId: string; name: string } | null => {
  if (kind === 'bill')
    return facts.contractorId && facts.contractorName
      ? { kind: 'contractor', localId: facts.contractorId, name: facts.contractorName }
      : null;
  if (facts.partnerCode === directPartnerCode)
    return { kind: 'customer', localId: facts.customerId, name: facts.customerName };
  return { kind: 'partner', localId: facts.partnerId, name: facts.partnerName };
};

type Recorder = (entry: CallRecord) => Promise<void>;

/** The Xero contact for a partner, contractor or direct customer: matched by name, or created. */
async function ensureContact(
  deps: Deps,
  tenantId: string,
  who: { kind: XeroContactKind; localId: string; name: string },
  record: Recorder,
  now: Date,
) {
  const db = deps.database.db;
  const known = await findContactRow(db, tenantId, who.kind, who.localId);
  if (known) return known.contactId;
  const where = `Name=="${who.name.replace(/"/g, '\\"')}"`;
  const found = await callXero(
    deps,
    { method: 'GET', path: `/api.xro/2.0/Contacts?where=${encodeURIComponent(where)}` },
    { now, record },
  );
  const match = ((found.json as { Contacts?: { ContactID: string; Name: string }[] }).Contacts ??
    [])[0];
  let contactId = match?.ContactID;
  let how: 'matched' | 'created' = 'matched';
  if (!contactId) {
    const made = await callXero(
      deps,
      {
        method: 'POST',
        path: '/api.xro/2.0/Contacts',
        body: { Contacts: [{ Name: who.name }] },
        idempotencyKey: `contact-${tenantId}-${who.kind}-${who.localId}`,
      },
      { now, record },
    );
    contactId = ((made.json as { Contacts?: { ContactID: string }[] }).Contacts ?? [])[0]
      ?.ContactID;
    how = 'created';
    if (!contactId) throw new XeroProblem('rejected', 'Xero made no contact.');
  }
  await insertContactRow(db, {
    tenantId,
    kind: who.kind,
    localId: who.localId,
    contactId,
    name: who.name,
    how,
  });
  return contactId;
}

const pounds = (pence: number) => Math.round(pence) / 100;

/** The create call for a document, as Xero's API takes it. */
function documentCall(
  document: XeroDocumentRow,
  facts: XeroBillingFacts,
  settings: NonNullable<Awaited<ReturnType<typeof findSettingsRow>>>,
  contactId: string,
  invoiceXeroId: string | null,
) {
  const day = londonDateOf(facts.completedAt ?? facts.cancelledAt ?? new Date());
  const due = londonDateOf(addDays(new Date(`${day}T12:00:00Z`), settings.dueDays));
  const reference = facts.partnerReference
    ? `${facts.orderNumber} / ${facts.partnerReference}`
    : facts.orderNumber;
  const sales = {
    Description: `${facts.jobTypeName}: order ${facts.orderNumber}`,
    Quantity: 1,
    UnitAmount: pounds(document.amountPence),
    AccountCode: settings.salesAccountCode,
    TaxType: settings.salesTaxType,
  };
  if (document.kind === 'invoice')
    return {
      path: '/api.xro/2.0/Invoices',
      body: {
        Invoices: [
          {
            Type: 'ACCREC',
            Contact: { ContactID: contactId },
            Date: day,
            DueDate: due,
            LineAmountTypes: 'Exclusive',
            Reference: reference,
            Status: settings.invoiceStatus,
            LineItems: [sales],
          },
        ],
      },
    };
  if (document.kind === 'bill')
    return {
      path: '/api.xro/2.0/Invoices',
      body: {
        Invoices: [
          {
            Type: 'ACCPAY',
            Contact: { ContactID: contactId },
            Date: day,
            DueDate: due,
            LineAmountTypes: 'Exclusive',
            InvoiceNumber: facts.orderNumber,
            Status: settings.invoiceStatus,
            LineItems: [
              {
                Description: `${facts.jobTypeName}: order ${facts.orderNumber} (payout)`,
                Quantity: 1,
                UnitAmount: pounds(document.amountPence),
                AccountCode: settings.purchaseAccountCode,
                TaxType: settings.purchaseTaxType,
              },
            ],
          },
        ],
      },
    };
  return {
    path: '/api.xro/2.0/CreditNotes',
    body: {
      CreditNotes: [
        {
          Type: 'ACCRECCREDIT',
          Contact: { ContactID: contactId },
          Date: londonDateOf(facts.cancelledAt ?? new Date()),
          LineAmountTypes: 'Exclusive',
          Reference: invoiceXeroId ? `Cancelled ${reference}` : `Cancelled ${reference}`,
          Status: settings.invoiceStatus,
          LineItems: [sales],
        },
      ],
    },
  };
}

export type AttemptOutcome = 'sent' | 'waiting' | 'retrying' | 'failed' | 'skipped';

/**
 * One attempt at a due document (what the job runs): its contact, then its create call with
 * the document's id as Idempotency-Key, every call logged. A 429 or a limit waits; a 5xx or a
 * network failure retries with backoff; a refusal (an unknown account code) or a revoked
 * connection fails for a person.
 */
export async function attemptDocument(
  deps: Deps,
  documentId: string,
  options: { now?: Date } = {},
): Promise<AttemptOutcome> {
  const db = deps.database.db;
  const now = options.now ?? new Date();
  const document = await claimDueDocument(db, documentId, now, attemptLeaseMs, xeroConcurrency);
  if (document === 'busy') {
    // Five are on their way already: this one goes a few seconds later.
    const at = new Date(now.getTime() + 5_000);
    await updateDocumentRow(db, documentId, { nextAttemptAt: at });
    await deps.queue.sendAt(sendXeroDocumentJob, { documentId }, at, {
      retryLimit: 3,
      retryDelay: 5,
    });
    return 'waiting';
  }
  if (!document) {
    if (!(await findDocumentRow(db, documentId)))
      throw new Error(`Xero document ${documentId} not found (yet)`);
    return 'skipped';
  }
  try {
    return await sendDocument(deps, document, now);
  } finally {
    await updateDocumentRow(db, documentId, { sendingUntil: null });
  }
}

async function sendDocument(
  deps: Deps,
  document: XeroDocumentRow,
  now: Date,
): Promise<AttemptOutcome> {
  const db = deps.database.db;
  const documentId = document.id;
  const attempts = document.attempts + 1;
  const record: Recorder = (entry) => insertAttemptRow(db, { ...entry, documentId });
  const fail = async (message: string, needsAttention: boolean): Promise<AttemptOutcome> => {
    await updateDocumentRow(db, documentId, {
      status: 'failed',
      needsAttention,
      attempts,
      nextAttemptAt: null,
      lastError: message,
    });
    if (needsAttention) deps.log.warn({ documentId }, 'a Xero document needs a person');
    return 'failed';
  };
  try {
    const facts = await findXeroBillingFacts(db, document.orderId);
    if (!facts) return await fail('The order no longer exists.', false);
    const settings = await findSettingsRow(db);
    if (!settings)
      return await fail('Choose the account codes and tax rates on the Xero settings page.', true);
    const who = contactOf(document.kind, facts);
    if (!who) return await fail('The order has no contractor to bill from.', false);
    const { tenantId } = await accessToken(deps, { now });
    let invoiceXeroId: string | null = null;
    if (document.kind === 'credit_note') {
      const invoice = await findDocumentOf(db, document.orderId, 'invoice');
      if (invoice?.status !== 'sent')
        throw new XeroProblem(
          'server',
          'The invoice is not in Xero yet; the credit note waits for it.',
        );
      invoiceXeroId = invoice.xeroId;
    }
    const contactId = await ensureContact(deps, tenantId, who, record, now);
    const call = documentCall(document, facts, settings, contactId, invoiceXeroId);
    const answer = await callXero(
      deps,
      {
        method: 'PUT',
        path: call.path,
        body: call.body,
        idempotencyKey: document.idempotencyKey ?? document.id,
      },
      { now, record },
    );
    const list = answer.json as {
      Invoices?: { InvoiceID: string; InvoiceNumber?: string }[];
      CreditNotes?: { CreditNoteID: string; CreditNoteNumber?: string }[];
    };
    const made = list.Invoices?.[0];
    const credit = list.CreditNotes?.[0];
    await updateDocumentRow(db, documentId, {
      status: 'sent',
      needsAttention: false,
      attempts,
      nextAttemptAt: null,
      tenantId,
      xeroId: made?.InvoiceID ?? credit?.CreditNoteID ?? null,
      xeroNumber: made?.InvoiceNumber ?? credit?.CreditNoteNumber ?? null,
      lastError: null,
      sentAt: now,
    });
    return 'sent';
  } catch (error) {
    if (!(error instanceof XeroProblem)) {
      await fail(
        `Unexpected error: ${error instanceof Error ? error.message : String(error)}`,
        false,
      );
      throw error;
    }
    if (error.kind === 'limit' || error.kind === 'rate_limited') {
      const at = error.retryAt ?? new Date(now.getTime() + 60_000);
      await updateDocumentRow(db, documentId, {
        attempts,
        nextAttemptAt: at,
        lastError: error.message,
      });
      await deps.queue.sendAt(sendXeroDocumentJob, { documentId }, at, {
        retryLimit: 3,
        retryDelay: 5,
      });
      return 'waiting';
    }
    if (error.kind === 'server' || error.kind === 'network') {
      const wait = xeroBackoffMs[document.failures];
      if (wait === undefined) return fail(error.message, false);
      const at = new Date(now.getTime() + wait);
      await updateDocumentRow(db, documentId, {
        attempts,
        failures: document.failures + 1,
        nextAttemptAt: at,
        lastError: error.message,
      });
      await deps.queue.sendAt(sendXeroDocumentJob, { documentId }, at, {
        retryLimit: 3,
        retryDelay: 5,
      });
      return 'retrying';
    }
    if (error.kind === 'revoked') {
      const connection = await findConnectionRow(db);
      if (connection && connection.status !== 'revoked')
        await updateConnectionRow(db, { status: 'revoked', problem: error.message });
    }
    return fail(error.message, true);
  }
}

/** Back office's retry of a failed document: a new attempt now, same Idempotency-Key. */
export async function retryDocument(deps: Deps, documentId: string) {
  const db = deps.database.db;
  const document = await findDocumentRow(db, documentId);
  if (!document) throw notFound('Xero document not found');
  if (document.status === 'sent')
    throw badRequest('This document is in Xero already', { id: ['Already sent'] });
  const now = new Date();
  // Xero refused the last try (nothing was made): a new key, or Xero would replay the refusal.
  const refused = document.status === 'failed' && document.needsAttention;
  await updateDocumentRow(db, documentId, {
    status: 'pending',
    needsAttention: false,
    ...(refused ? { idempotencyKey: `${document.id}:${document.attempts}` } : {}),
    failures: 0,
    nextAttemptAt: now,
  });
  await attemptDocument(deps, documentId, { now });
}

/** Pending documents whose job went missing (a crash between commit and queue). */
export async function sweepXeroDocuments(deps: Deps, now = new Date()) {
  const ids = await overdueDocumentIds(deps.database.db, new Date(now.getTime() - 60_000));
  for (const documentId of ids) await deps.queue.send(sendXeroDocumentJob, { documentId });
  return ids.length;
}

/** For the back-office dashboard: documents that failed in a way a person must fix. */
export function xeroNeedsAttention(db: Database) {
  return countNeedsAttention(db);
}
