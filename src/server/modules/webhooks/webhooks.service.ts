import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import type { WebhookEndpointRow } from './webhooks.schema';
import { AppError, notFound } from '../../errors';
import { webhookErrorCodes } from '@shared/error-codes';
import type { DomainEvent } from '../events/events.service';
import { queueMessage } from '../messages/messages.service';
import { findOrderReference } from '../orders/order-lookup.service';
import { findPartnerForOrder } from '../partners/partners.service';
import { RefusedTargetError, resolveTarget, type Resolver } from './address-guard';
import { nextAttemptAt } from './retry-schedule';
import { partnerPayload, wantsEvent } from './webhook-payload';
import { postWebhook, sendTimeoutMs } from './webhook-sender';
import { newWebhookSecret, signatureHeader } from './webhook-signature';
import {
  claimDueDelivery,
  enabledEndpointsOf,
  failPendingDeliveriesOf,
  findDeliveryRow,
  findEndpointRow,
  insertAttemptRow,
  insertDeliveryRows,
  insertEndpointRow,
  overdueDeliveryIds,
  pruneAttemptsBefore,
  updateDeliveryRow,
  updateEndpointRow,
} from './webhooks.repository';

// Outbound webhooks: docs/decisions/046-webhook-deliveries.md and 047-webhook-target-guard.md.

export const deliverWebhookJob = 'webhooks.deliver';
export const sweepWebhooksJob = 'webhooks.sweep';
/** How long the previous secret keeps signing after a rotation. */
export const secretGraceMs = 24 * 60 * 60 * 1000;
/** A claimed attempt holds its delivery this long; a crash mid-attempt retries after it. */
const attemptLeaseMs = sendTimeoutMs + 50_000;

type Deps = Pick<AppDeps, 'config' | 'database' | 'queue' | 'adapters' | 'log'>;

export type AttemptOptions = {
  /** The clock (tests move it); the attempt's time and the next one's are read from it. */
  now?: Date;
  random?: () => number;
  resolver?: Resolver;
  /** A manual redelivery from back office. */
  manual?: boolean;
};

const guardOf = (deps: Deps, resolver?: Resolver) => ({
  allowPrivate: deps.config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
  resolver,
});

/** Save-time check of an endpoint URL: 400 with the reason when the address is refused. */
export async function assertAllowedTarget(deps: Deps, url: string, resolver?: Resolver) {
  try {
    await resolveTarget(url, guardOf(deps, resolver));
  } catch (error) {
    if (error instanceof RefusedTargetError) {
      throw new AppError(
        400,
        webhookErrorCodes.webhookTargetRefused,
        `This URL cannot receive webhooks: ${error.message}.`,
        {
          url: [`Refused: ${error.message}`],
        },
      );
    }
    throw error;
  }
}

export async function createEndpoint(
  deps: Deps,
  input: { partnerId: string; url: string; description: string | null; events: string[] },
) {
  await assertAllowedTarget(deps, input.url);
  const secret = newWebhookSecret();
  const row = await insertEndpointRow(deps.database.db, { ...input, secret });
  return { id: row.id, secret };
}

export async function updateEndpoint(
  deps: Deps,
  id: string,
  input: { url?: string; description?: string | null; events?: string[]; enabled?: boolean },
) {
  const db = deps.database.db;
  const current = await findEndpointRow(db, id);
  if (!current) throw notFound('Webhook endpoint not found');
  if (input.url !== undefined && input.url !== current.url)
    await assertAllowedTarget(deps, input.url);
  const values: Partial<WebhookEndpointRow> = {};
  if (input.url !== undefined) values.url = input.url;
  if (input.description !== undefined) values.description = input.description;
  if (input.events !== undefined) values.events = input.events;
  if (input.enabled === true && !current.enabled) {
    Object.assign(values, { enabled: true, disabledReason: null, disabledAt: null });
  } else if (input.enabled === false && current.enabled) {
    Object.assign(values, { enabled: false, disabledReason: 'manual', disabledAt: new Date() });
  }
  await updateEndpointRow(db, id, values);
  if (values.enabled === false) await failPendingDeliveriesOf(db, id, 'The endpoint was disabled.');
}

/** A new secret (shown once); the old one keeps signing alongside it for the grace period. */
export async function rotateEndpointSecret(deps: Deps, id: string, now = new Date()) {
  const db = deps.database.db;
  const current = await findEndpointRow(db, id);
  if (!current) throw notFound('Webhook endpoint not found');
  const secret = newWebhookSecret();
  await updateEndpointRow(db, id, {
    secret,
    previousSecret: current.secret,
    previousSecretExpiresAt: new Date(now.getTime() + secretGraceMs),
  });
  return { secret };
}

/** The secrets that sign now: the current one, and the previous one during its grace period. */
export function signingSecrets(endpoint: WebhookEndpointRow, now: Date): string[] {
  const secrets = [endpoint.secret];
  if (
    endpoint.previousSecret &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt > now
  ) {
    secrets.push(endpoint.previousSecret);
  }
  return secrets;
}

/**
 * The subscriber's effect: one delivery row per matching endpoint of the order's partner,
 * written through the event's transaction (so a crash loses none), then a job per delivery.
 */
export async function recordDeliveries(deps: Deps, event: DomainEvent, tx: Database) {
  if (event.aggregateType !== 'order') return [];
  const order = await findOrderReference(tx, event.aggregateId);
  if (!order) return [];
  const endpoints = (await enabledEndpointsOf(tx, order.partnerId)).filter((endpoint) =>
    wantsEvent(endpoint.events, event.type),
  );
  if (endpoints.length === 0) return [];
  const body = JSON.stringify(partnerPayload(event, order));
  const now = new Date();
  const rows = await insertDeliveryRows(
    tx,
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      partnerId: order.partnerId,
      eventId: event.id,
      eventType: event.type,
      orderId: order.id,
      body,
      nextAttemptAt: now,
    })),
  );
  for (const row of rows) {
    // Not awaited: on PGlite the queue shares the connection held by this transaction. Queued a
    // second later; a job that runs before the commit finds no row and is retried, and a job
    // lost altogether is sent again by the sweep.
    void deps.queue
      .send(
        deliverWebhookJob,
        { deliveryId: row.id },
        { startAfter: 1, retryLimit: 3, retryDelay: 2 },
      )
      .catch((error: unknown) =>
        deps.log.error({ err: error, deliveryId: row.id }, 'could not queue a webhook delivery'),
      );
  }
  return rows.map((row) => row.id);
}

export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed' | 'skipped';

/**
 * One attempt of a due delivery (what the job runs): signs, sends through the address guard,
 * logs the attempt, then schedules the next one, or finishes. A 410 or the end of the schedule
 * disables the endpoint and emails the partner's contact.
 */
export async function attemptDelivery(
  deps: Deps,
  deliveryId: string,
  options: AttemptOptions = {},
): Promise<AttemptOutcome> {
  const db = deps.database.db;
  const now = options.now ?? new Date();
  const delivery = await claimDueDelivery(db, deliveryId, now, attemptLeaseMs);
  if (!delivery) {
    if (!(await findDeliveryRow(db, deliveryId))) {
      // Queued from a transaction that has not committed yet: the job retries.
      throw new Error(`webhook delivery ${deliveryId} not found (yet)`);
    }
    return 'skipped';
  }
  const endpoint = await findEndpointRow(db, delivery.endpointId);
  if (!endpoint || !endpoint.enabled) {
    await updateDeliveryRow(db, delivery.id, {
      status: 'failed',
      nextAttemptAt: null,
      lastError: 'The endpoint is disabled.',
    });
    return 'failed';
  }

  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Uplink-Webhooks/1.0',
    'webhook-id': delivery.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(
      signingSecrets(endpoint, now),
      delivery.id,
      timestamp,
      delivery.body,
    ),
  };
  const result = await postWebhook(
    endpoint.url,
    headers,
    delivery.body,
    guardOf(deps, options.resolver),
  );
  const attemptNumber = delivery.attempts + 1;
  await insertAttemptRow(db, {
    deliveryId: delivery.id,
    attemptNumber,
    manual: options.manual ?? false,
    url: endpoint.url,
    requestHeaders: headers,
    remoteAddress: result.remoteAddress,
    responseStatus: result.status,
    responseBody: result.body,
    error: result.error,
    durationMs: result.durationMs,
    startedAt: now,
  });
  const common = { attempts: attemptNumber, lastStatusCode: result.status };
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  if (ok) {
    await updateDeliveryRow(db, delivery.id, {
      ...common,
      status: 'succeeded',
      nextAttemptAt: null,
      lastError: null,
    });
    return 'succeeded';
  }
  const lastError = result.error ?? `HTTP ${result.status}`;
  if (result.status === 410) {
    await updateDeliveryRow(db, delivery.id, {
      ...common,
      status: 'failed',
      nextAttemptAt: null,
      lastError,
    });
    await disableEndpoint(deps, endpoint, 'gone');
    return 'failed';
  }
  const step = delivery.scheduleStep + 1;
  const next = nextAttemptAt(step, new Date(now.getTime() + result.durationMs), options.random);
  if (!next) {
    await updateDeliveryRow(db, delivery.id, {
      ...common,
      status: 'failed',
      nextAttemptAt: null,
      lastError,
    });
    await disableEndpoint(deps, endpoint, 'exhausted');
    return 'failed';
  }
  await updateDeliveryRow(db, delivery.id, {
    ...common,
    scheduleStep: step,
    nextAttemptAt: next,
    lastError,
  });
  await deps.queue.sendAt(deliverWebhookJob, { deliveryId: delivery.id }, next, {
    retryLimit: 3,
    retryDelay: 2,
  });
  return 'retrying';
}

async function disableEndpoint(
  deps: Deps,
  endpoint: WebhookEndpointRow,
  reason: 'gone' | 'exhausted',
) {
  const db = deps.database.db;
  await updateEndpointRow(db, endpoint.id, {
    enabled: false,
    disabledReason: reason,
    disabledAt: new Date(),
  });
  const why =
    reason === 'gone'
      ? 'it answered 410 Gone'
      : 'every delivery attempt over the last three days failed';
  await failPendingDeliveriesOf(db, endpoint.id, `The endpoint was disabled: ${why}.`);
  const partner = await findPartnerForOrder(db, endpoint.partnerId);
  deps.log.warn({ endpointId: endpoint.id, reason }, 'webhook endpoint disabled');
  if (!partner?.contactEmail) return;
  await queueMessage(deps, {
    channel: 'email',
    kind: 'webhook_endpoint_disabled',
    to: partner.contactEmail,
    subject: 'Uplink webhooks to your endpoint are paused',
    body: [
      `Hello ${partner.name},`,
      '',
      `We have stopped sending order events to your webhook endpoint ${endpoint.url} because ${why}.`,
      '',
      'Once the endpoint is ready again, ask your Uplink contact to enable it; missed deliveries can be sent again from our side.',
    ].join('\n'),
    relatedType: 'webhook_endpoint',
    relatedId: endpoint.id,
  });
}

/** Back office's redelivery: a new attempt now, same webhook-id; failures follow the schedule again. */
export async function redeliver(deps: Deps, deliveryId: string) {
  const db = deps.database.db;
  const delivery = await findDeliveryRow(db, deliveryId);
  if (!delivery) throw notFound('Webhook delivery not found');
  const endpoint = await findEndpointRow(db, delivery.endpointId);
  if (!endpoint?.enabled) {
    throw new AppError(
      409,
      webhookErrorCodes.webhookEndpointDisabled,
      'Enable the endpoint before sending to it again.',
    );
  }
  const now = new Date();
  await updateDeliveryRow(db, deliveryId, {
    status: 'pending',
    scheduleStep: 0,
    nextAttemptAt: now,
  });
  await attemptDelivery(deps, deliveryId, { now, manual: true });
}

/** Sends the deliveries whose job went missing (a crash between commit and queue). */
export async function sweepOverdueDeliveries(deps: Deps, now = new Date()) {
  const ids = await overdueDeliveryIds(deps.database.db, new Date(now.getTime() - 30_000));
  for (const deliveryId of ids) await deps.queue.send(deliverWebhookJob, { deliveryId });
  return ids.length;
}

/**
 * The delivery log keeps what the API log retention says (issue 14): attempts older than
 * `before` go, and deliveries finished before it; those still retrying stay. Answers how many
 * attempts went.
 */
export async function pruneWebhookLog(db: Database, before: Date): Promise<number> {
  return pruneAttemptsBefore(db, before);
}
