import { zipSync, type Zippable, type ZippableFile } from 'fflate';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { conflict, notFound } from '../../errors';
import { customerDataErrorCodes } from '@shared/error-codes';
import type { AnonymiseCustomerResponse } from '@shared/customers/customer-data.contracts';
import { postcodeParts } from '@shared/uk-postcode';
import { auditActions, recordAudit, type AuditContext } from '../audit/audit.service';
import { deleteUserSessions } from '../auth/session.service';
import { removeCustomerLinkData } from '../customer-links/customer-data-removal.service';
import { anonymiseMessagesOfOrders } from '../messages/message-anonymise.service';
import { anonymiseCustomerActorNames } from '../orders/order-anonymise.service';
import { refreshCustomerOrdersSearchText } from '../orders/order-search.service';
import {
  countOpenOrdersOfCustomer,
  findCustomerData,
  findCustomersPastRetention,
} from '../orders/projections/customer-data.projection';
import { deleteLinksOfOrders } from '../public-links/public-links.service';
import { getCustomerDataRetentionDays } from '../settings/settings.service';
import { findUserByEmail } from '../users/user-lookup.service';
import { anonymiseVisitsOfOrders } from '../visits/visit-anonymise.service';
import { findCustomer, toCustomer, updateCustomerRow } from './customers.repository';

type Deps = Pick<AppDeps, 'database' | 'adapters' | 'log'>;

const customerNotFound = () => notFound('Customer not found');
const dayMs = 24 * 60 * 60 * 1000;

/** What an anonymised customer's personal fields become (decision 067). */
export const anonymisedName = { firstName: 'Anonymised', lastName: 'Customer' } as const;
export const anonymisedAddressLine = 'Anonymised';

/** `EX1 1AA` → `EX1`: the district stays for the reports, the street does not. */
export function outwardCode(postcode: string): string {
  return postcodeParts(postcode)?.outcode ?? postcode.trim().split(/\s+/)[0]!.toUpperCase();
}

const extensionOf = (key: string) => {
  const match = /\.([a-z0-9]{1,5})$/i.exec(key);
  return match ? `.${match[1]!.toLowerCase()}` : '';
};

/**
 * Everything held about the customer as one zip (issue 21): `customer.json`, `orders.json`,
 * `events.json`, `messages.json`, `visits.json`, `form-submissions.json`, and their files under
 * `files/` (the customer's photos, the visits' photos and signatures). Audited.
 */
export async function exportCustomerData(
  deps: Deps,
  customerId: string,
  audit: AuditContext,
  now = new Date(),
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const db = deps.database.db;
  const customer = await findCustomer(db, customerId);
  if (!customer) throw customerNotFound();
  const data = await findCustomerData(db, customerId);
  const json = (value: unknown): ZippableFile => [
    new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`),
    { level: 6 },
  ];
  const files: Zippable = {};
  const manifest: { path: string; kind: string; missing?: true }[] = [];
  for (const [index, file] of data.files.entries()) {
    const path = `files/${file.kind}-${String(index + 1).padStart(3, '0')}${extensionOf(file.key)}`;
    const bytes = await deps.adapters.storage.get(file.key);
    if (!bytes) {
      manifest.push({ path, kind: file.kind, missing: true });
      continue;
    }
    // Photos and PNGs are compressed already.
    files[path] = [new Uint8Array(bytes), { level: 0 }];
    manifest.push({ path, kind: file.kind });
  }
  const zip = zipSync({
    'customer.json': json({
      ...toCustomer(customer),
      smsOptOut: customer.smsOptOut,
      emailOptOut: customer.emailOptOut,
      anonymisedAt: customer.anonymisedAt?.toISOString() ?? null,
    }),
    'orders.json': json(data.orders),
    'events.json': json(data.events),
    'messages.json': json(data.messages),
    'visits.json': json({ visits: data.visits, photos: data.visitPhotos }),
    'form-submissions.json': json({
      submissions: data.formSubmissions,
      photos: data.customerPhotos,
    }),
    'files.json': json(manifest),
    ...files,
  });
  await recordAudit(db, {
    ...audit,
    action: auditActions.customerExported,
    targetType: 'customer',
    targetId: customerId,
    details: { orders: data.orders.length, files: manifest.length },
  });
  const date = now.toISOString().slice(0, 10);
  return { fileName: `${customer.reference}-data-${date}.zip`, bytes: zip };
}

/**
 * Replaces every personal field of the customer and of the copies other areas keep, removes
 * their files and photos, ends their links and sessions; orders, events, visits and messages
 * stay for the reports (issue 21, decision 067). Refused while an order is open. A second call
 * finds the customer anonymised and changes nothing.
 */
export async function anonymiseCustomer(
  deps: Deps,
  customerId: string,
  audit: AuditContext & { source?: 'back_office' | 'retention' },
  now = new Date(),
): Promise<AnonymiseCustomerResponse> {
  const db = deps.database.db;
  const result = await inTransaction(db, async (tx) => {
    const current = await findCustomer(tx, customerId);
    if (!current) throw customerNotFound();
    if (current.anonymisedAt)
      return { anonymisedAt: current.anonymisedAt, keys: [], already: true };
    const open = await countOpenOrdersOfCustomer(tx, customerId);
    if (open > 0) {
      throw conflict(
        customerDataErrorCodes.customerHasOpenOrders,
        `This customer has ${open === 1 ? 'an order' : `${open} orders`} still open. Close or cancel ${open === 1 ? 'it' : 'them'} before anonymising.`,
      );
    }
    const orderIds = (await findCustomerData(tx, customerId)).orders.map((order) => order.id);
    const row = await updateCustomerRow(tx, customerId, {
      ...anonymisedName,
      email: null,
      phone: null,
      addressLine1: anonymisedAddressLine,
      addressLine2: null,
      postcode: outwardCode(current.postcode),
      latitude: null,
      longitude: null,
      notes: null,
      smsOptOut: true,
      emailOptOut: true,
      anonymisedAt: now,
    });
    await refreshCustomerOrdersSearchText(tx, customerId, row);
    const photoKeys = await removeCustomerLinkData(tx, orderIds);
    const visitKeys = await anonymiseVisitsOfOrders(tx, orderIds);
    const links = await deleteLinksOfOrders(tx, orderIds);
    const messages = await anonymiseMessagesOfOrders(tx, orderIds);
    await anonymiseCustomerActorNames(tx, orderIds);
    // A customer who signed in to the portal with their email: their sessions end.
    let sessionsEnded = false;
    if (current.email) {
      const user = await findUserByEmail(tx, current.email);
      if (user && user.role === 'customer') {
        await deleteUserSessions(tx, user.id);
        sessionsEnded = true;
      }
    }
    const keys = [...photoKeys, ...visitKeys];
    await recordAudit(tx, {
      ...audit,
      action: auditActions.customerAnonymised,
      targetType: 'customer',
      targetId: customerId,
      details: {
        source: audit.source ?? 'back_office',
        orders: orderIds.length,
        files: keys.length,
        links,
        messages,
        sessionsEnded,
      },
    });
    return { anonymisedAt: now, keys, already: false };
  });
  // Records first, then files: a file whose delete fails has no row left, and the stored-files
  // sweep takes it (decision 037).
  let filesRemoved = 0;
  for (const key of result.keys) {
    try {
      await deps.adapters.storage.delete(key);
      filesRemoved += 1;
    } catch (error) {
      deps.log.warn({ err: error, customerId }, 'could not delete an anonymised customer file');
    }
  }
  return {
    id: customerId,
    anonymisedAt: result.anonymisedAt.toISOString(),
    alreadyAnonymised: result.already,
    filesRemoved,
  };
}

/**
 * The daily job: customers whose orders all finished longer ago than the retention setting are
 * anonymised, in batches until none is left. Answers how many.
 */
export async function anonymiseCustomersPastRetention(deps: Deps, now = new Date()) {
  const db: Database = deps.database.db;
  const days = await getCustomerDataRetentionDays(db);
  const cutoff = new Date(now.getTime() - days * dayMs);
  let anonymised = 0;
  const failed = new Set<string>();
  for (;;) {
    const ids = (await findCustomersPastRetention(db, cutoff, 100 + failed.size)).filter(
      (id) => !failed.has(id),
    );
    if (ids.length === 0) break;
    for (const id of ids) {
      try {
        await anonymiseCustomer(deps, id, { source: 'retention' }, now);
        anonymised += 1;
      } catch (error) {
        // One customer's trouble (an order reopened since the query) must not stop the rest.
        failed.add(id);
        deps.log.warn({ err: error, customerId: id }, 'could not anonymise a customer');
      }
    }
  }
  return anonymised;
}
