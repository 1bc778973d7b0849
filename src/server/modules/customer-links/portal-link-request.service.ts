import type { AppDeps } from '../../app-deps';
import { inTransaction } from '../../db/transaction';
import { publishEvent } from '../events/events.service';
import { hitRateLimit } from '../rate-limit/rate-limit.service';
import { findOrderForCustomer } from '../orders/projections/customer-link-order.projection';

type Deps = Pick<AppDeps, 'database'>;

/**
 * Links sent per order number (as typed) in the window, whoever asks. Past it a request is
 * answered as any other and sends nothing: the customer already has the links of this window,
 * and a refusal here would be one more way to keep them out (issue 18).
 */
export const portalLinkRequestLimit = { max: 3, windowMs: 60 * 60_000 };

/**
 * Every answer takes at least this long, so that the work done for a real order (the lookup
 * finds it, the event is written) cannot be timed apart from an unknown number's.
 */
export const portalLinkAnswerMs = 400;

/** Published for the messages module, which texts and emails the signed portal link. */
export const portalLinkRequestedEvent = 'portal.link_requested';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * "Send me a link" on the portal's postcode page: if the number is an order's, its customer is
 * sent the signed portal link by text and email (the contact on file, never an address given
 * here). Answers nothing, the same way and in the same time, for a real and an unknown number.
 */
export async function requestPortalLink(deps: Deps, orderNumber: string) {
  const started = Date.now();
  const db = deps.database.db;
  // Counted before the lookup, so unknown numbers are counted alike.
  const limit = await hitRateLimit(db, {
    key: `portal-link|${orderNumber}`,
    windowMs: portalLinkRequestLimit.windowMs,
    max: portalLinkRequestLimit.max,
  });
  const order = await findOrderForCustomer(db, { number: orderNumber });
  if (order && limit.allowed) {
    await inTransaction(db, (tx) =>
      publishEvent(tx, {
        // Not `order.*`: partners' webhooks and the order audit have no business with it.
        type: portalLinkRequestedEvent,
        aggregateType: 'portal',
        aggregateId: order.id,
        data: { orderId: order.id },
      }),
    );
  }
  await pause(portalLinkAnswerMs - (Date.now() - started));
}
