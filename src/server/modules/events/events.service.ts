import { randomUUID } from 'node:crypto';
import type { Database, DatabaseHandle } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import {
  claimDelivery,
  claimPendingEvents,
  deleteDispatchedEventsBefore,
  findDomainEvent,
  insertDomainEvent,
  listDeliveryFailures,
  listEventsOf,
  markDispatched,
  recordDeliveryFailure,
} from './events.repository';

// Domain events after commit, exactly once in effect: docs/decisions/014-domain-events-outbox.md.

/** Something that happened, as its subscribers receive it. */
export type DomainEvent = {
  id: string;
  /** Dotted: aggregate, then what happened, such as `order.created` or `customer.validated`. */
  type: string;
  aggregateType: string;
  aggregateId: string;
  data: Record<string, unknown>;
  occurredAt: Date;
};

export type NewDomainEvent = Omit<DomainEvent, 'id' | 'occurredAt' | 'data'> & {
  /** Reuse the id of the row that records the change (an order event's id), if there is one. */
  id?: string;
  data?: Record<string, unknown>;
  occurredAt?: Date;
};

/**
 * Writes the event into the outbox inside the caller's transaction: it exists exactly when the
 * change commits, and is handed to its subscribers after that. Answers the event's id.
 */
export async function publishEvent(tx: Database, event: NewDomainEvent): Promise<string> {
  const id = event.id ?? randomUUID();
  await insertDomainEvent(tx, {
    id,
    type: event.type,
    aggregateType: event.aggregateType,
    aggregateId: event.aggregateId,
    data: event.data ?? {},
    occurredAt: event.occurredAt ?? new Date(),
  });
  return id;
}

export type Subscriber = {
  /** Unique, stable (deliveries are keyed by it): letters, digits, `.`, `-`, `_`. */
  name: string;
  /** Event types wanted: exact (`order.created`), a prefix (`order.*`) or everything (`*`). */
  events: readonly string[];
  /**
   * The effect, written through `tx`: the same transaction records the delivery as done, so a
   * second run of the same event changes nothing. Throw to fail; the queue retries with backoff.
   * Work outside the database (an email, a webhook) should itself be idempotent by `event.id`.
   */
  handle(event: DomainEvent, tx: Database): Promise<void>;
  /** Retries after the first failure (default 5). */
  retryLimit?: number;
  /** Hands each event over this many seconds after it was dispatched, not at once. */
  delaySeconds?: number;
};

export type DeliveryResult = 'done' | 'already_done' | 'event_gone';

export type EventBus = {
  /** Called by the subscribing module when it registers (its plugin), before the bus starts. */
  subscribe(subscriber: Subscriber): Promise<void>;
  /** Hands every event waiting in the outbox to its subscribers' queues; answers how many. */
  dispatchPending(): Promise<number>;
  /** One delivery of one event to one subscriber (what the queued job runs). */
  deliver(subscriberName: string, eventId: string): Promise<DeliveryResult>;
  /** Deletes handed-over events (and their deliveries) older than `days` that all succeeded. */
  prune(days: number): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export type EventBusOptions = {
  database: DatabaseHandle;
  queue: JobQueue;
  /** Poll the outbox in this process (worker processes only). */
  runDispatcher: boolean;
  pollIntervalMs: number;
  /** First retry delay of a failed delivery, doubling each time. */
  retryDelaySeconds: number;
  onError?: (error: unknown) => void;
};

const namePattern = /^[a-z0-9][a-z0-9._-]*$/;
const defaultRetryLimit = 5;
const batchSize = 100;
/** A dispatcher that has not marked its batch by then is presumed dead. */
const leaseSeconds = 60;

export const deliveryJobName = (subscriber: string) => `event.${subscriber}`;

export function wants(subscriber: Pick<Subscriber, 'events'>, type: string): boolean {
  return subscriber.events.some(
    (pattern) =>
      pattern === '*' ||
      pattern === type ||
      (pattern.endsWith('.*') && type.startsWith(pattern.slice(0, -1))),
  );
}

export function createEventBus(options: EventBusOptions): EventBus {
  const db = options.database.db;
  const subscribers = new Map<string, Subscriber>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;

  async function dispatchPending(): Promise<number> {
    let total = 0;
    for (;;) {
      const events = await claimPendingEvents(db, batchSize, leaseSeconds);
      for (const event of events) {
        for (const subscriber of subscribers.values()) {
          if (!wants(subscriber, event.type)) continue;
          // Queued outside the claim: dying here re-queues after the lease, and the delivery's
          // receipt makes the second job a no-op.
          await options.queue.send(
            deliveryJobName(subscriber.name),
            { eventId: event.id },
            {
              retryLimit: subscriber.retryLimit ?? defaultRetryLimit,
              retryDelay: options.retryDelaySeconds,
              retryBackoff: true,
              ...(subscriber.delaySeconds ? { startAfter: subscriber.delaySeconds } : {}),
            },
          );
        }
      }
      await markDispatched(
        db,
        events.map((event) => event.id),
      );
      total += events.length;
      if (events.length < batchSize) return total;
    }
  }

  async function deliver(subscriberName: string, eventId: string): Promise<DeliveryResult> {
    const subscriber = subscribers.get(subscriberName);
    if (!subscriber) throw new Error(`No subscriber named ${subscriberName}`);
    const row = await findDomainEvent(db, eventId);
    if (!row) return 'event_gone';
    const event: DomainEvent = {
      id: row.id,
      type: row.type,
      aggregateType: row.aggregateType,
      aggregateId: row.aggregateId,
      data: row.data,
      occurredAt: row.occurredAt,
    };
    try {
      return await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Database;
        if (!(await claimDelivery(tx, subscriber.name, event.id))) return 'already_done';
        await subscriber.handle(event, tx);
        return 'done';
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await recordDeliveryFailure(
        db,
        subscriber.name,
        event.id,
        message,
        subscriber.retryLimit ?? defaultRetryLimit,
      );
      throw error;
    }
  }

  function tick() {
    running = dispatchPending()
      .then(() => undefined)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, options.pollIntervalMs);
      });
  }

  return {
    async subscribe(subscriber) {
      if (!namePattern.test(subscriber.name))
        throw new Error(`Subscriber name "${subscriber.name}" must match ${namePattern}`);
      if (subscribers.has(subscriber.name))
        throw new Error(`Subscriber "${subscriber.name}" is registered twice`);
      subscribers.set(subscriber.name, subscriber);
      await options.queue.register<{ eventId: string }>(
        deliveryJobName(subscriber.name),
        async ({ eventId }) => {
          await deliver(subscriber.name, eventId);
        },
      );
    },
    dispatchPending,
    deliver,
    prune: (days) => deleteDispatchedEventsBefore(db, new Date(Date.now() - days * 86_400_000)),
    async start() {
      if (!options.runDispatcher || !stopped) return;
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

/** For the back office: deliveries being retried or given up, newest first. */
export function findDeliveryFailures(db: Database, page: number, pageSize: number) {
  return listDeliveryFailures(db, page, pageSize);
}

/** For the back office: one aggregate's events, each with its deliveries. */
export function findEventsOf(db: Database, aggregateType: string, aggregateId: string) {
  return listEventsOf(db, aggregateType, aggregateId);
}
