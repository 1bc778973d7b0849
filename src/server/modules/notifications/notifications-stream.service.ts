import { PassThrough } from 'node:stream';
import {
  notificationHeartbeatMs,
  notificationStreamEvents,
} from '@shared/notifications/notifications.contracts';
import type { DatabaseHandle } from '../../db/client';
import { countUnread, listNotificationsSince } from './notifications.repository';
import { toNotification } from './notifications.service';

// Decision 080: the bell's live feed. Each process keeps the streams it holds open by user; a
// trigger announces each new notification (NOTIFY notifications_created, payload the user id)
// from whichever process wrote it, and the streams of that user look for what is new.

export const notificationsChannel = 'notifications_created';
/** A stream looks this far back for rows it has not sent (a delivery's transaction began earlier). */
const lookBackMs = 60_000;
/** At most this many open streams per person (tabs); the next is refused. */
export const maxStreamsPerUser = 10;

type Listener = () => void;
type Hub = {
  listeners: Map<string, Set<Listener>>;
  streams: Set<PassThrough>;
  listening: boolean;
  starting: Promise<void> | null;
  stop: (() => Promise<void>) | null;
  retryAt: number;
};

const hubs = new WeakMap<DatabaseHandle, Hub>();

function hubOf(handle: DatabaseHandle): Hub {
  let hub = hubs.get(handle);
  if (!hub) {
    hub = {
      listeners: new Map(),
      streams: new Set(),
      listening: false,
      starting: null,
      stop: null,
      retryAt: 0,
    };
    hubs.set(handle, hub);
  }
  return hub;
}

function startListening(handle: DatabaseHandle, hub: Hub) {
  if (hub.listening || hub.starting || Date.now() < hub.retryAt) return;
  hub.starting = handle
    .listen(
      notificationsChannel,
      (userId) => {
        for (const listener of hub.listeners.get(userId) ?? []) listener();
      },
      () => {
        // Lost: the heartbeat's own look keeps streams current until listening again.
        hub.listening = false;
        hub.stop = null;
        hub.retryAt = Date.now() + 5_000;
      },
    )
    .then(
      (stop) => {
        hub.listening = true;
        hub.stop = stop;
      },
      () => {
        hub.retryAt = Date.now() + 5_000;
      },
    )
    .finally(() => {
      hub.starting = null;
    });
}

export type StreamOptions = {
  handle: DatabaseHandle;
  userId: string;
  /** Whether the session is still good (checked at each heartbeat; a stream ends with it). */
  stillSignedIn: () => Promise<boolean>;
  heartbeatMs?: number;
  onError?: (error: unknown) => void;
};

/**
 * Opens one user's stream: `retry`, then the unread count, then each new notification as it is
 * made (event `notification`, followed by `unread`), and a comment line as a heartbeat. Answers
 * null when the user has too many open already.
 */
export function openNotificationStream(options: StreamOptions): PassThrough | null {
  const { handle, userId } = options;
  const db = handle.db;
  const hub = hubOf(handle);
  const listeners = hub.listeners.get(userId) ?? new Set<Listener>();
  if (listeners.size >= maxStreamsPerUser) return null;
  hub.listeners.set(userId, listeners);
  startListening(handle, hub);

  const stream = new PassThrough();
  const seen = new Set<string>();
  let baseline = true;
  let checking: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const send = (event: string, data: unknown) => {
    if (!closed) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  async function look() {
    const rows = await listNotificationsSince(db, userId, new Date(Date.now() - lookBackMs), [
      ...seen,
    ]);
    for (const row of rows) seen.add(row.id);
    // The first look only learns what exists; the page asked for those already.
    if (!baseline)
      for (const row of rows) send(notificationStreamEvents.notification, toNotification(row));
    if (baseline || rows.length > 0) {
      send(notificationStreamEvents.unread, { unreadCount: await countUnread(db, userId) });
    }
    baseline = false;
    // Forget what fell out of the window (keeps the set small on a tab left open for days).
    if (seen.size > 500) seen.clear();
  }

  const check: Listener = () => {
    if (closed) return;
    if (checking) {
      again = true;
      return;
    }
    checking = look()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        checking = null;
        if (again && !closed) {
          again = false;
          check();
        }
      });
  };

  const heartbeat = setInterval(() => {
    if (closed) return;
    stream.write(': heartbeat\n\n');
    options
      .stillSignedIn()
      .then((ok) => (ok ? check() : close()))
      .catch((error: unknown) => options.onError?.(error));
    startListening(handle, hub);
  }, options.heartbeatMs ?? notificationHeartbeatMs);

  function close() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    listeners.delete(check);
    if (listeners.size === 0) hub.listeners.delete(userId);
    hub.streams.delete(stream);
    stream.end();
  }

  listeners.add(check);
  hub.streams.add(stream);
  stream.on('close', close);
  stream.write(`retry: 5000\n\n`);
  check();
  return Object.assign(stream, { closeStream: close });
}

/** Ends every stream this process holds on the handle (the server is closing). */
export async function closeNotificationStreams(handle: DatabaseHandle) {
  const hub = hubs.get(handle);
  if (!hub) return;
  for (const stream of [...hub.streams])
    (stream as PassThrough & { closeStream(): void }).closeStream();
  await hub.starting;
  const stop = hub.stop;
  hub.stop = null;
  hub.listening = false;
  await stop?.().catch(() => undefined);
}
