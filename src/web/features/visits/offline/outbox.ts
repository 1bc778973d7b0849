// The outbox (decision 041): every change the engineer makes is stored here first and sent
// later, strictly in the order it was made, each with its device-made id as the
// Idempotency-Key so a replay changes nothing on the server.
//
// - 2xx: the item is done and removed (an upload's photo is marked synced, its JPEG dropped).
// - 409 IDEMPOTENCY_REQUEST_IN_PROGRESS: the first try is still running on the server; retried.
// - any other 4xx: the server refused it for good; the item is marked failed with the
//   server's message, what it wrote on the device is taken back (decision 059), and the items
//   after it go on. It stays in the outbox, shown as refused, until the engineer dismisses it.
// - 5xx or a network error: sending stops and the same item is retried after a backoff.
// Removing an item happens only after the server has answered, so closing the app mid-sync
// loses nothing: the next drain sends the same id again and gets the first answer.
import { idempotencyErrorCodes } from '@shared/idempotency';
import type { EngineerDb, OutboxItem, StoredPhoto } from './db';
import { rollBackRefused } from './roll-back';

/** What the transport hands back: an HTTP answer, or it throws for a network error. */
export type TransportAnswer = { status: number; text: string };
export type Transport = (
  item: OutboxItem,
  photo: StoredPhoto | undefined,
) => Promise<TransportAnswer>;

export type OutboxOptions = {
  db: EngineerDb;
  transport: Transport;
  now?: () => number;
  /** Backoff before retry n (1-based) after a 5xx or a network error. */
  backoffMs?: (attempt: number) => number;
  /** How long to wait before retrying a request the server is still running. */
  inProgressRetryMs?: number;
};

export const defaultBackoffMs = (attempt: number) =>
  Math.min(60_000, 1_000 * 2 ** Math.min(attempt - 1, 6));

export type DrainResult = {
  sent: number;
  failed: number;
  /** Set when sending stopped early: the time the next try is due. */
  retryAt: number | null;
};

export type NewOutboxItem = Pick<OutboxItem, 'visitId' | 'label' | 'method' | 'url'> &
  Partial<Pick<OutboxItem, 'id' | 'body' | 'photoId' | 'undo'>>;

/** What the outbox made of one item, once the server has answered or sending has paused. */
export type ItemState = 'accepted' | 'refused' | 'waiting';

export function newDeviceId(): string {
  return crypto.randomUUID();
}

/** The server's `message` from a JSON error body, else the text itself. */
export function errorMessage(answer: TransportAnswer): string {
  try {
    const parsed = JSON.parse(answer.text) as { message?: unknown };
    if (typeof parsed.message === 'string') return `${answer.status}: ${parsed.message}`;
  } catch {
    // not JSON
  }
  return `${answer.status}: ${answer.text.slice(0, 300) || 'no answer body'}`;
}

function isInProgress(answer: TransportAnswer): boolean {
  return answer.status === 409 && answer.text.includes(idempotencyErrorCodes.inProgress);
}

export class Outbox {
  private readonly db: EngineerDb;
  private readonly transport: Transport;
  private readonly now: () => number;
  private readonly backoffMs: (attempt: number) => number;
  private readonly inProgressRetryMs: number;
  private draining: Promise<DrainResult> | null = null;
  private sending: string | null = null;

  constructor(options: OutboxOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.now = options.now ?? Date.now;
    this.backoffMs = options.backoffMs ?? defaultBackoffMs;
    this.inProgressRetryMs = options.inProgressRetryMs ?? 1_000;
  }

  /** Stores a change; answers its id (the Idempotency-Key it will carry). */
  async add(change: NewOutboxItem): Promise<string> {
    const item: OutboxItem = {
      id: change.id ?? newDeviceId(),
      visitId: change.visitId,
      label: change.label,
      method: change.method,
      url: change.url,
      body: change.body,
      photoId: change.photoId,
      undo: change.undo,
      createdAt: this.now(),
      status: 'pending',
      attempts: 0,
      notBefore: 0,
    };
    await this.db.outbox.add(item);
    return item.id;
  }

  /** Items still to send, oldest first. */
  pending(): Promise<OutboxItem[]> {
    return this.db.outbox.where('status').equals('pending').sortBy('seq');
  }

  /** Everything in the outbox (pending and refused), oldest first. */
  all(): Promise<OutboxItem[]> {
    return this.db.outbox.orderBy('seq').toArray();
  }

  /**
   * Sends what is due, in order; one drain at a time per page (and per device where the
   * browser has Web Locks). Answers what happened and when to try again.
   */
  drain(): Promise<DrainResult> {
    this.draining ??= this.withDeviceLock(() => this.drainOnce()).finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private async withDeviceLock<T>(run: () => Promise<T>): Promise<T> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return run();
    return locks.request('uplink-engineer-outbox', run) as Promise<T>;
  }

  private async drainOnce(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0, retryAt: null };
    for (;;) {
      const next = await this.oldestPending();
      if (!next) return result;
      if (next.notBefore > this.now()) {
        result.retryAt = next.notBefore;
        return result;
      }
      const outcome = await this.sendOne(next);
      if (outcome === 'sent') result.sent += 1;
      else if (outcome === 'failed') result.failed += 1;
      else {
        result.retryAt = outcome.retryAt;
        return result;
      }
    }
  }

  private async oldestPending(): Promise<OutboxItem | undefined> {
    return this.db.outbox
      .orderBy('seq')
      .filter((item) => item.status === 'pending')
      .first();
  }

  private async sendOne(item: OutboxItem): Promise<'sent' | 'failed' | { retryAt: number }> {
    const photo = item.photoId ? await this.db.photos.get(item.photoId) : undefined;
    let answer: TransportAnswer;
    this.sending = item.id;
    try {
      answer = await this.transport(item, photo);
    } catch (error) {
      return this.retryLater(
        item,
        `network: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      this.sending = null;
    }
    if (answer.status >= 200 && answer.status < 300) {
      await this.db.transaction('rw', this.db.outbox, this.db.photos, async () => {
        await this.db.outbox.delete(item.seq!);
        if (photo && item.method !== 'DELETE') {
          await this.db.photos.update(photo.id, { synced: true, blob: undefined });
        }
      });
      return 'sent';
    }
    if (isInProgress(answer)) {
      const retryAt = this.now() + this.inProgressRetryMs;
      await this.db.outbox.update(item.seq!, {
        notBefore: retryAt,
        lastError: errorMessage(answer),
      });
      return { retryAt };
    }
    if (answer.status >= 400 && answer.status < 500) {
      const message = errorMessage(answer);
      const { outbox, syncErrors, progress } = this.db;
      await this.db.transaction('rw', outbox, syncErrors, progress, async () => {
        await outbox.update(item.seq!, {
          status: 'failed',
          attempts: item.attempts + 1,
          lastError: message,
        });
        await syncErrors.add({ at: this.now(), label: item.label, message });
        await rollBackRefused(this.db, item);
      });
      return 'failed';
    }
    return this.retryLater(item, errorMessage(answer));
  }

  private async retryLater(item: OutboxItem, message: string): Promise<{ retryAt: number }> {
    const attempts = item.attempts + 1;
    const retryAt = this.now() + this.backoffMs(attempts);
    await this.db.transaction('rw', this.db.outbox, this.db.syncErrors, async () => {
      await this.db.outbox.update(item.seq!, { attempts, notBefore: retryAt, lastError: message });
      await this.db.syncErrors.add({ at: this.now(), label: item.label, message });
    });
    return { retryAt };
  }

  /** Whether this item is on the wire right now. */
  isSending(id: string): boolean {
    return this.sending === id;
  }

  /** Sends a refused item again from the start of the queue's order (the engineer asked). */
  async retryFailed(seq: number): Promise<void> {
    await this.db.outbox.update(seq, { status: 'pending', notBefore: 0 });
  }

  /**
   * Sends now and answers what became of one item: accepted (gone from the outbox), refused,
   * or still waiting (a backoff, a slow server, or behind a drain that had already passed it).
   */
  async settle(id: string, timeoutMs = 10_000): Promise<ItemState> {
    const deadline = this.now() + timeoutMs;
    // A drain already under way may have passed the item by: a second one sends it.
    for (let round = 0; ; round += 1) {
      const item = await this.db.outbox.where('id').equals(id).first();
      if (!item) return 'accepted';
      if (item.status === 'failed') return 'refused';
      if (round === 3 || item.notBefore > this.now()) return 'waiting';
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - this.now()));
      });
      const result = await Promise.race([this.drain(), timeout]).finally(() => clearTimeout(timer));
      if (result === 'timeout' || result.retryAt !== null) round = 2;
    }
  }

  /** The engineer has read a refusal: it leaves the outbox, with a refused photo's file. */
  async dismiss(seq: number): Promise<void> {
    await this.db.transaction('rw', this.db.outbox, this.db.photos, async () => {
      const item = await this.db.outbox.get(seq);
      if (!item || item.status !== 'failed') return;
      await this.db.outbox.delete(seq);
      if (item.photoId && item.method === 'PUT') await this.db.photos.delete(item.photoId);
    });
  }

  /** A network change: whatever waits for a backoff may go now. */
  async clearBackoff(): Promise<void> {
    await this.db.outbox.where('status').equals('pending').modify({ notBefore: 0 });
  }
}
