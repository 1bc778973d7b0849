import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { inTransaction } from '../../db/transaction';
import { AppError, badRequest } from '../../errors';
import { commonErrorCodes, customerJourneyErrorCodes } from '@shared/error-codes';
import { courierTrackingUrl } from '@shared/customer-links/couriers';
import {
  customerKitText,
  customerStageText,
  customerTimelineText,
} from '@shared/customer-links/customer-timeline';
import type { PortalView, rescheduleRequestBody } from '@shared/customer-links/portal.contracts';
import type { OrderStatus } from '@shared/orders/order-status';
import { normaliseUkPostcode } from '@shared/uk-postcode';
import { verifyPortalLink } from '../customer-portal/portal-access.service';
import { listOrderEventsForCustomer } from '../orders/order-lookup.service';
import { recordCustomerRequest } from '../orders/orders.service';
import {
  findOrderForCustomer,
  listVisitsForCustomer,
  type CustomerOrderRow,
} from '../orders/projections/customer-link-order.projection';
import { getCompanyContact } from '../settings/settings.service';
import { countProofFailuresSince, recordProofFailure } from './customer-links.repository';
import { serialPhrases } from '@shared/status-words';
import { londonDateOf } from '@shared/london-date';

type Deps = Pick<AppDeps, 'database' | 'config'>;

/** Wrong postcodes allowed per order number in the window, whoever asks. */
export const portalProofLimit = { max: 10, windowMinutes: 15 };

const proofFailed = () =>
  new AppError(
    404,
    customerJourneyErrorCodes.portalProofFailed,
    'We could not find an order with that number and postcode.',
  );

/**
 * The postcode step: answers the order number when it matches, the same refusal for a wrong
 * postcode and an unknown order, and 429 after too many wrong answers for one order number.
 */
export async function provePortalByPostcode(
  deps: Deps,
  orderNumber: string,
  postcode: string,
  ipAddress: string,
  now = new Date(),
) {
  const db = deps.database.db;
  const since = new Date(now.getTime() - portalProofLimit.windowMinutes * 60_000);
  if ((await countProofFailuresSince(db, orderNumber, since)) >= portalProofLimit.max) {
    throw new AppError(
      429,
      commonErrorCodes.rateLimited,
      'Too many attempts for this order. Please wait 15 minutes and try again.',
    );
  }
  const order = await findOrderForCustomer(db, { number: orderNumber });
  const given = normaliseUkPostcode(postcode);
  if (!order || !given || given !== normaliseUkPostcode(order.postcode)) {
    await recordProofFailure(db, orderNumber, ipAddress, now);
    throw proofFailed();
  }
  return order.orderNumber;
}

export function provePortalBySignedLink(
  deps: Deps,
  orderNumber: string,
  e: string,
  s: string,
  now = new Date(),
) {
  if (!verifyPortalLink(deps.config.SESSION_SECRET, orderNumber, e, s, now)) throw proofFailed();
  return orderNumber;
}

/** A signed-in customer whose email is the order's customer's (decision 013). */
export async function isOrderOfCustomerEmail(deps: Deps, orderNumber: string, email: string) {
  const order = await findOrderForCustomer(deps.database.db, { number: orderNumber });
  return !!order?.email && order.email.toLowerCase() === email.trim().toLowerCase();
}

const reschedulable: readonly OrderStatus[] = [
  'received',
  'customer_submitted',
  'validated',
  'assigned',
  'scheduled',
  'revisit_required',
  'on_hold',
];

async function loadOrder(deps: Deps, orderNumber: string): Promise<CustomerOrderRow> {
  const order = await findOrderForCustomer(deps.database.db, { number: orderNumber });
  if (!order) throw proofFailed();
  return order;
}

const firstWord = (name: string | null) => (name ? name.trim().split(/\s+/)[0] || null : null);

export async function portalView(deps: Deps, orderNumber: string): Promise<PortalView> {
  const db = deps.database.db;
  const order = await loadOrder(deps, orderNumber);
  const [events, visitRows, company] = await Promise.all([
    listOrderEventsForCustomer(db, order.id),
    listVisitsForCustomer(db, order.id),
    getCompanyContact(db),
  ]);
  const timeline = events.flatMap((event) => {
    const text = customerTimelineText(event);
    return text ? [{ at: event.createdAt.toISOString(), text }] : [];
  });
  const upcoming = visitRows.find((v) => v.status === 'scheduled' || v.status === 'in_progress');
  const done = visitRows.find((v) => v.outcome === 'completed');
  const completed = order.status === 'completed' || order.status === 'closed';
  return {
    orderNumber: order.orderNumber,
    stage: customerStageText[order.status],
    timeline,
    kit: {
      text: customerKitText[order.kitStatus],
      courier: order.courier,
      trackingNumber: order.trackingNumber,
      trackingUrl: courierTrackingUrl(order.courier, order.trackingNumber),
    },
    appointment:
      upcoming && !completed
        ? {
            date: upcoming.scheduledDate,
            slot: upcoming.slot,
            engineerFirstName: firstWord(upcoming.engineerFirstName),
          }
        : null,
    completion:
      completed && done
        ? {
            date: done.checkedOutAt ? londonDateOf(done.checkedOutAt) : done.scheduledDate,
            engineerFirstName: firstWord(done.engineerFirstName),
            serials: serialPhrases(done.serials ?? {}),
          }
        : null,
    canRequestReschedule: reschedulable.includes(order.status),
    company,
  };
}

export async function requestReschedule(
  deps: Deps,
  orderNumber: string,
  body: z.output<typeof rescheduleRequestBody>,
  now = new Date(),
) {
  const order = await loadOrder(deps, orderNumber);
  if (!reschedulable.includes(order.status)) {
    throw new AppError(409, 'INVALID_TRANSITION', 'This order can no longer be rescheduled.');
  }
  const today = londonDateOf(now);
  const bad = body.dates.findIndex((d) => d <= today);
  if (bad >= 0) {
    throw badRequest('Please check the dates.', {
      [`dates.${bad}`]: ['Choose a date from tomorrow'],
    });
  }
  await inTransaction(deps.database.db, (tx) =>
    recordCustomerRequest(tx, {
      orderId: order.id,
      type: 'reschedule_requested',
      customerName: `${order.firstName} ${order.lastName}`.trim(),
      data: { dates: body.dates, note: body.note || null },
      now,
    }),
  );
}
