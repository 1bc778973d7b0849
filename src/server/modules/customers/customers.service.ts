import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { ListPaging } from '../../db/keyset';
import { badRequest, notFound } from '../../errors';
import {
  auditActions,
  changedFields,
  recordAudit,
  type AuditContext,
} from '../audit/audit.service';
import { refreshCustomerOrdersSearchText } from '../orders/order-search.service';
import { listOrdersOfCustomer } from '../orders/projections/order-summary.projection';
import { customerAnswersOfOrders } from '../customer-links/customer-form-lookup.service';
import type {
  CustomerDetail,
  customerListQuery,
  updateCustomerBody,
} from '@shared/customers/customers.contracts';
import type { CustomerRow, NewCustomerRow } from './customers.repository';

export type { CustomerRow };
import {
  customerSearchText,
  findCustomer,
  findDuplicateCustomers,
  formatCustomerReference,
  insertCustomer,
  listCustomers,
  markCustomerValidatedRow,
  setSmsOptOutByPhone,
  toCustomer,
  updateCustomerRow,
} from './customers.repository';

const customerNotFound = () => notFound('Customer not found');

/** Changes the customer and, in the same transaction, the search text of their orders. */
async function updateCustomer(tx: Database, id: string, values: Partial<NewCustomerRow>) {
  const row = await updateCustomerRow(tx, id, values);
  await refreshCustomerOrdersSearchText(tx, id, row);
  return row;
}

export async function customerList(
  db: Database,
  paging: ListPaging,
  query: z.output<typeof customerListQuery>,
) {
  const { rows, total, totalIsEstimate, totalIsLowerBound, nextCursor, prevCursor } =
    await listCustomers(db, paging, query);
  return {
    items: rows.map((r) => ({ ...toCustomer(r.customer), orderCount: Number(r.orderCount) })),
    total,
    totalIsEstimate,
    totalIsLowerBound,
    page: query.page,
    pageSize: query.pageSize,
    nextCursor,
    prevCursor,
  };
}

export async function customerDetail(db: Database, id: string): Promise<CustomerDetail> {
  const row = await findCustomer(db, id);
  if (!row) throw customerNotFound();
  const list = await listOrdersOfCustomer(db, id);
  const answers = await customerAnswersOfOrders(
    db,
    list.map((o) => o.id),
  );
  return {
    ...toCustomer(row),
    anonymisedAt: row.anonymisedAt?.toISOString() ?? null,
    orders: list.map((o) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      status: o.status,
      kitStatus: o.kitStatus,
      jobTypeName: o.jobTypeName,
      partnerName: o.partnerName,
      receivedAt: o.receivedAt.toISOString(),
    })),
    customerAnswers: list.flatMap((o) => {
      const sent = answers.get(o.id);
      return sent ? [{ orderId: o.id, orderNumber: o.orderNumber, answers: sent }] : [];
    }),
  };
}

/** A customer's fields that hold no personal data: the audit log may keep their values. */
const impersonalCustomerFields = new Set(['smsOptOut', 'emailOptOut', 'validationStatus']);

/**
 * The customer fields whose values the append-only audit log must not copy: anonymising a
 * customer could never remove them from it (decision 069).
 */
const personalFields = (fields: string[]) =>
  fields.filter((field) => !impersonalCustomerFields.has(field));

export async function editCustomer(
  db: Database,
  id: string,
  body: z.output<typeof updateCustomerBody>,
  audit: AuditContext = {},
) {
  const values: Partial<NewCustomerRow> = {};
  if (body.firstName !== undefined) values.firstName = body.firstName;
  if (body.lastName !== undefined) values.lastName = body.lastName;
  if (body.email !== undefined) values.email = body.email;
  if (body.phone !== undefined) values.phone = body.phone;
  if (body.latitude !== undefined) values.latitude = body.latitude;
  if (body.longitude !== undefined) values.longitude = body.longitude;
  if (body.notes !== undefined) values.notes = body.notes;
  if (body.address) {
    values.addressLine1 = body.address.line1;
    values.addressLine2 = body.address.line2;
    values.town = body.address.town;
    values.county = body.address.county;
    values.postcode = body.address.postcode;
  }
  await db.transaction(async (tx) => {
    const current = await findCustomer(tx as unknown as Database, id);
    if (!current) throw customerNotFound();
    const next = { ...current, ...values };
    if (!next.email && !next.phone) {
      throw badRequest('Give an email address or a phone number', {
        email: ['Give an email address or a phone number'],
      });
    }
    await updateCustomer(tx as unknown as Database, id, values);
    // Before and after, so /audit can say what changed (decision 064).
    await recordAudit(tx as unknown as Database, {
      ...audit,
      action: auditActions.customerUpdated,
      targetType: 'customer',
      targetId: id,
      details: { fields: Object.keys(values) },
      changes: changedFields(
        current,
        next,
        Object.keys(values) as (keyof typeof current)[],
        personalFields(Object.keys(values)),
      ),
    });
  });
  return customerDetail(db, id);
}

export async function setCustomerValidation(
  db: Database,
  id: string,
  outcome: { status: 'validated' } | { status: 'rejected'; reason: string },
  audit: AuditContext & { actorUserId: string },
) {
  await db.transaction(async (tx) => {
    const current = await findCustomer(tx as unknown as Database, id);
    if (!current) throw customerNotFound();
    await updateCustomer(tx as unknown as Database, id, {
      validationStatus: outcome.status,
      rejectionReason: outcome.status === 'rejected' ? outcome.reason : null,
      validatedAt: new Date(),
      validatedBy: audit.actorUserId,
    });
    await recordAudit(tx as unknown as Database, {
      ...audit,
      action:
        outcome.status === 'validated'
          ? auditActions.customerValidated
          : auditActions.customerRejected,
      targetType: 'customer',
      targetId: id,
      details: outcome.status === 'rejected' ? { reason: outcome.reason } : {},
    });
  });
  return customerDetail(db, id);
}

/** What other modules (orders) may use: read, find duplicates, create and validate a customer. */
export { findCustomer, findDuplicateCustomers, insertCustomer, toCustomer };
/** The partner intake's one statement (orders/order-intake) writes the customer row itself. */
export { customerSearchText, formatCustomerReference };

/** A STOP or START texted from a phone: every customer with that phone opts out or back in. */
export { setSmsOptOutByPhone };

export async function markCustomerValidated(
  tx: Database,
  id: string,
  validatedBy: string | null,
  now: Date,
) {
  await markCustomerValidatedRow(tx, id, validatedBy, now);
}

/**
 * What the customer confirmed on their form becomes their record (issue 11): contact details,
 * the installation address, and whether they accept text messages (no consent: no SMS; email
 * keeps working). Written in the form's transaction, with its audit row.
 */
export async function applyCustomerFormAnswers(
  tx: Database,
  customerId: string,
  answers: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    addressLine1: string;
    addressLine2: string;
    town: string;
    postcode: string;
    consentMessages: boolean;
  },
) {
  const values: Partial<NewCustomerRow> = {
    firstName: answers.firstName,
    lastName: answers.lastName,
    // An empty email on the form keeps the one on record rather than erasing it.
    ...(answers.email ? { email: answers.email } : {}),
    phone: answers.phone,
    addressLine1: answers.addressLine1,
    addressLine2: answers.addressLine2 || null,
    town: answers.town,
    postcode: answers.postcode,
    smsOptOut: !answers.consentMessages,
  };
  const current = await findCustomer(tx, customerId);
  await updateCustomer(tx, customerId, values);
  await recordAudit(tx, {
    action: auditActions.customerUpdated,
    targetType: 'customer',
    targetId: customerId,
    details: { fields: Object.keys(values), source: 'customer_form' },
    changes: current
      ? changedFields(
          current,
          { ...current, ...values },
          Object.keys(values) as (keyof typeof current)[],
          personalFields(Object.keys(values)),
        )
      : [],
  });
}
