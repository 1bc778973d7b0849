import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError, badRequest, conflict, wrongBodyShapeMessage } from '../../errors';
import { customerJourneyErrorCodes } from '@shared/error-codes';
import { courierTrackingUrl } from '@shared/customer-links/couriers';
import {
  customerFormSchema,
  type CustomerFormPage,
  type CustomerFormRules,
} from '@shared/customer-links/customer-form.contracts';
import type { KitArrivedPage, kitArrivedBody } from '@shared/customer-links/kit-arrived.contracts';
import type {
  PublicLinkProblem,
  PublicLinkPurpose,
} from '@shared/public-links/public-links.contracts';
import type { OrderStatus } from '@shared/orders/order-status';
import { normaliseUkMobile } from '@shared/uk-mobile';
import { normaliseUkPostcode } from '@shared/uk-postcode';
import { publishEvent } from '../events/events.service';
import { performOrderAction } from '../orders/orders.service';
import { applyCustomerFormAnswers } from '../customers/customers.service';
import {
  issuePublicLink,
  resolvePublicLink,
  usePublicLink,
} from '../public-links/public-links.service';
import { portalLinkPath } from '../customer-portal/portal-access.service';
import { getBookingRules, getCompanyContact } from '../settings/settings.service';
import {
  findNewestOrderWhere,
  findOrderForCustomer,
  type CustomerOrderRow,
} from '../orders/projections/customer-link-order.projection';
import {
  attachPhotos,
  countPhotosOfOrder,
  findSubmissionOfLink,
  insertSubmission,
} from './customer-links.repository';
import { londonDateOf } from '@shared/london-date';

type Deps = Pick<AppDeps, 'database' | 'config' | 'adapters'>;
const dayMs = 24 * 60 * 60 * 1000;

export const linkProblemError = (problem: PublicLinkProblem) =>
  problem === 'used'
    ? new AppError(
        409,
        customerJourneyErrorCodes.alreadySubmitted,
        'This link has already been used.',
        {
          problem: [problem],
        },
      )
    : new AppError(410, customerJourneyErrorCodes.linkProblem, 'This link no longer works.', {
        problem: [problem],
      });

/** Availability may be offered from tomorrow (London) for eight weeks, on working days, in the slots offered. */
export async function customerFormRules(db: Database, now: Date): Promise<CustomerFormRules> {
  const today = new Date(`${londonDateOf(now)}T00:00:00Z`);
  const rules = await getBookingRules(db);
  return {
    workingDays: rules.workingDays,
    bankHolidays: rules.bankHolidays.map((holiday) => holiday.date),
    slots: rules.offeredSlots,
    earliestDate: new Date(today.getTime() + dayMs).toISOString().slice(0, 10),
    latestDate: new Date(today.getTime() + 56 * dayMs).toISOString().slice(0, 10),
  };
}

const customerName = (order: CustomerOrderRow) => `${order.firstName} ${order.lastName}`.trim();

export async function customerFormPage(
  deps: Deps,
  token: string,
  now = new Date(),
): Promise<CustomerFormPage> {
  const db = deps.database.db;
  const company = await getCompanyContact(db);
  const resolved = await resolvePublicLink(db, token, 'customer_form', now);
  if (!resolved.ok) {
    if (resolved.problem === 'used' && resolved.link) {
      const submission = await findSubmissionOfLink(db, resolved.link.id);
      const order = await findOrderForCustomer(db, { id: resolved.link.orderId });
      if (submission && order) {
        return {
          state: 'sent',
          orderNumber: order.orderNumber,
          submittedAt: submission.submittedAt.toISOString(),
          answers: submission.answers,
          company,
        };
      }
    }
    return { state: 'problem', problem: resolved.problem, company };
  }
  const order = (await findOrderForCustomer(db, { id: resolved.link.orderId }))!;
  return {
    state: 'open',
    orderNumber: order.orderNumber,
    prefill: {
      firstName: order.firstName,
      lastName: order.lastName,
      phone: order.phone ? order.phone.replace(/^\+44/, '0') : '',
      email: order.email ?? '',
      addressLine1: order.addressLine1,
      addressLine2: order.addressLine2 ?? '',
      town: order.town,
      postcode: order.postcode,
      propertyType: undefined as never,
      tenure: undefined as never,
      landlordPermission: false,
      listedBuilding: undefined as never,
      dishPosition: '',
      accessNotes: '',
      availability: [],
      consentTerms: false,
      consentMessages: false,
      photoIds: [],
    },
    rules: await customerFormRules(db, now),
    company,
  };
}

function fieldErrors(error: z.ZodError) {
  const details: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'form';
    (details[key] ??= []).push(issue.message);
  }
  return details;
}

export async function submitCustomerForm(
  deps: Deps,
  token: string,
  body: unknown,
  now = new Date(),
) {
  const db = deps.database.db;
  const resolved = await resolvePublicLink(db, token, 'customer_form', now);
  if (!resolved.ok) throw linkProblemError(resolved.problem);
  const link = resolved.link;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest(wrongBodyShapeMessage('object', body), {
      form: [wrongBodyShapeMessage('object', body)],
    });
  }
  const parsed = customerFormSchema(await customerFormRules(db, now)).safeParse(body);
  if (!parsed.success) {
    throw badRequest('Please check the highlighted answers.', fieldErrors(parsed.error));
  }
  const answers = {
    ...parsed.data,
    phone: normaliseUkMobile(parsed.data.phone)!,
    postcode: normaliseUkPostcode(parsed.data.postcode)!,
    email: parsed.data.email.toLowerCase(),
    landlordPermission: parsed.data.tenure === 'tenant' && parsed.data.landlordPermission,
  };
  const order = (await findOrderForCustomer(db, { id: link.orderId }))!;
  const photoMissing = () =>
    badRequest('Please check the highlighted answers.', {
      photoIds: ['A photo could not be found; please add it again'],
    });
  if ((await countPhotosOfOrder(db, answers.photoIds, order.id)) !== answers.photoIds.length) {
    throw photoMissing();
  }
  await inTransaction(db, async (tx) => {
    // The first of two tabs to get here wins; the other is told the form was already sent.
    if (!(await usePublicLink(tx, link.id, now))) throw linkProblemError('used');
    // Attached photos are kept; the clean-up may have taken one since the check above.
    const attached = await attachPhotos(tx, order.id, answers.photoIds, now);
    if (attached !== answers.photoIds.length) throw photoMissing();
    const submissionId = await insertSubmission(tx, {
      orderId: order.id,
      linkId: link.id,
      answers,
      submittedAt: now,
    });
    await applyCustomerFormAnswers(tx, order.customerId, answers);
    await performOrderAction(
      tx,
      order.id,
      'submit_customer_form',
      {
        customerForm: {
          submissionId,
          availability: answers.availability,
          photoCount: answers.photoIds.length,
        },
      },
      { kind: 'customer', name: `${answers.firstName} ${answers.lastName}` },
      now,
    );
  });
  return { submittedAt: now.toISOString() };
}

function kitView(order: CustomerOrderRow) {
  return {
    orderNumber: order.orderNumber,
    courier: order.courier,
    trackingNumber: order.trackingNumber,
    trackingUrl: courierTrackingUrl(order.courier, order.trackingNumber),
  };
}

export async function kitArrivedPage(
  deps: Deps,
  token: string,
  now = new Date(),
): Promise<KitArrivedPage> {
  const db = deps.database.db;
  const company = await getCompanyContact(db);
  const resolved = await resolvePublicLink(db, token, 'kit_arrived', now);
  if (!resolved.ok && !(resolved.problem === 'used' && resolved.link)) {
    return { state: 'problem', problem: resolved.problem, company };
  }
  const link = resolved.link!;
  const order = (await findOrderForCustomer(db, { id: link.orderId }))!;
  const confirmed = !resolved.ok || order.kitStatus === 'arrived';
  return {
    state: confirmed ? 'confirmed' : 'open',
    ...kitView(order),
    confirmedAt: confirmed ? (order.kitArrivedAt ?? link.usedAt ?? now).toISOString() : null,
    company,
  };
}

export async function confirmKitArrived(
  deps: Deps,
  token: string,
  body: z.output<typeof kitArrivedBody>,
  now = new Date(),
) {
  const db = deps.database.db;
  const resolved = await resolvePublicLink(db, token, 'kit_arrived', now);
  if (!resolved.ok) throw linkProblemError(resolved.problem);
  const link = resolved.link;
  const order = (await findOrderForCustomer(db, { id: link.orderId }))!;
  const photoMissing = () =>
    badRequest('Please add the photo again.', { photoId: ['The photo could not be found'] });
  if (body.photoId && (await countPhotosOfOrder(db, [body.photoId], order.id)) !== 1) {
    throw photoMissing();
  }
  await inTransaction(db, async (tx) => {
    if (!(await usePublicLink(tx, link.id, now))) throw linkProblemError('used');
    // Back office may have marked it arrived already: the customer's tap is then just thanked
    // (and the photo, recorded nowhere, is left to the clean-up).
    if (order.kitStatus === 'arrived') return;
    if (body.photoId && (await attachPhotos(tx, order.id, [body.photoId], now)) !== 1) {
      throw photoMissing();
    }
    await performOrderAction(
      tx,
      order.id,
      'confirm_kit_arrived',
      { kitArrival: { serial: body.serial || null, photoId: body.photoId ?? null } },
      { kind: 'customer', name: customerName(order) },
      now,
    );
  });
  return { confirmedAt: now.toISOString() };
}

/**
 * Back office asks for a new link (issue 11): the messages module's subscriber issues it (the
 * old one stops working) and sends it, so one module owns what the customer receives.
 */
export async function requestLinkResend(
  db: Database,
  orderId: string,
  purpose: PublicLinkPurpose,
  requestedBy: string,
) {
  const order = await findOrderForCustomer(db, { id: orderId });
  if (!order) throw new AppError(404, 'NOT_FOUND', 'Order not found');
  if (purpose === 'kit_arrived' && order.kitStatus !== 'dispatched') {
    throw conflict('INVALID_TRANSITION', 'The kit-arrived link is for a dispatched kit only.');
  }
  if (purpose === 'customer_form' && order.status !== 'received') {
    throw conflict('INVALID_TRANSITION', 'The customer form has already been sent back.');
  }
  await inTransaction(db, (tx) =>
    publishEvent(tx, {
      type: 'order.link_resend_requested',
      aggregateType: 'order',
      aggregateId: orderId,
      data: { purpose, requestedBy },
    }).then(() => undefined),
  );
}

export type DemoLink = { step: string; orderNumber: string; postcode: string; url: string };

/**
 * `npm run cli -- links:demo`: fresh working links for the newest demo orders waiting at each
 * customer step (a customer form to fill, a dispatched kit, a booked visit for the portal).
 * Issuing a link replaces that order's earlier one, as a resend does.
 */
export async function issueDemoLinks(deps: Deps, now = new Date()): Promise<DemoLink[]> {
  const db = deps.database.db;
  const base = deps.config.PUBLIC_URL.replace(/\/$/, '');
  const ended: OrderStatus[] = ['completed', 'closed', 'cancelled'];
  const links: DemoLink[] = [];
  const form = await findNewestOrderWhere(db, { status: 'received' });
  const kit = await findNewestOrderWhere(db, { kitStatus: 'dispatched', notStatuses: ended });
  const visit = await findNewestOrderWhere(db, { status: 'scheduled' });
  await inTransaction(db, async (tx) => {
    if (form) {
      const link = await issuePublicLink(tx, { orderId: form.id, purpose: 'customer_form', now });
      links.push({ step: 'Customer form', ...form, url: `${base}${link.path}` });
    }
    if (kit) {
      const link = await issuePublicLink(tx, { orderId: kit.id, purpose: 'kit_arrived', now });
      links.push({ step: 'Kit arrived', ...kit, url: `${base}${link.path}` });
    }
  });
  for (const order of [visit, form].filter((o) => o !== null)) {
    links.push({
      step: 'Customer portal (signed link)',
      ...order,
      url: `${base}${portalLinkPath(deps.config.SESSION_SECRET, order.orderNumber, now)}`,
    });
    links.push({
      step: 'Customer portal (postcode step)',
      ...order,
      url: `${base}/customer/${encodeURIComponent(order.orderNumber)}`,
    });
  }
  return links.map(({ step, orderNumber, postcode, url }) => ({
    step,
    orderNumber,
    postcode,
    url,
  }));
}
