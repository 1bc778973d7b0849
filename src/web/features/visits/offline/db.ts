// The engineer app's store on the device (PRODUCT.md, offline engineer app): the visits for the
// coming days, what the engineer recorded on each, the photos, and the outbox of changes
// waiting for the server. IndexedDB through Dexie; nothing here depends on the network.
import Dexie, { type EntityTable } from 'dexie';

/** One change made on the device, waiting to reach the server (decision 041). */
export type OutboxItem = {
  /** Ordering: the outbox replays strictly by this, oldest first. */
  seq?: number;
  /** Made on the device; sent as the Idempotency-Key, so the server applies it once. */
  id: string;
  visitId: string;
  /** What the engineer did, in words, for the Debug panel. */
  label: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** A JSON body, or, for an upload, the id of the photo in the photos table. */
  body?: unknown;
  photoId?: string;
  createdAt: number;
  /**
   * pending: still to send; failed: the server refused it (4xx), or the office took the visit
   * off this engineer before it was sent. Kept with its message until the engineer dismisses it.
   */
  status: 'pending' | 'failed';
  attempts: number;
  /** Not before this time (ms since epoch): the backoff after a 5xx or a network error. */
  notBefore: number;
  lastError?: string;
  /**
   * What a refusal takes back on the device (decision 059): the part of the local record this
   * change wrote, and the step to reopen the visit at.
   */
  undo?: { key: string; step?: string };
};

/** A photo taken on the device: the resized JPEG until the server confirms it, and a thumbnail. */
export type StoredPhoto = {
  id: string;
  visitId: string;
  category: string;
  /** The resized JPEG (long edge 2048 px); dropped once the server has confirmed it. */
  blob?: Blob;
  thumbnail: Blob;
  /** Lower-case hex sha256 of `blob`, sent with the upload and checked by the server. */
  sha256: string;
  bytes: number;
  originalBytes: number;
  width: number;
  height: number;
  takenAt: string;
  latitude?: number;
  longitude?: number;
  synced: boolean;
};

/** A visit as the server listed it for this engineer; `data` is the server's object. */
export type StoredVisit = {
  id: string;
  date: string;
  data: unknown;
  refreshedAt: number;
};

/** What the engineer has recorded on a visit so far, kept so any step can be resumed. */
export type VisitProgress = {
  visitId: string;
  step: string;
  record: Record<string, unknown>;
  updatedAt: number;
};

/** Why a visit left this phone (cancelled, unscheduled, reassigned, moved), until dismissed. */
export type VisitNotice = { id?: number; visitId: string; at: number; message: string };

export type SyncError = { id?: number; at: number; label: string; message: string };

export type EngineerDb = Dexie & {
  visits: EntityTable<StoredVisit, 'id'>;
  outbox: EntityTable<OutboxItem, 'seq'>;
  photos: EntityTable<StoredPhoto, 'id'>;
  progress: EntityTable<VisitProgress, 'visitId'>;
  syncErrors: EntityTable<SyncError, 'id'>;
  notices: EntityTable<VisitNotice, 'id'>;
};

export function openEngineerDb(name = 'uplink-engineer'): EngineerDb {
  const db = new Dexie(name) as EngineerDb;
  db.version(1).stores({
    visits: 'id, date',
    outbox: '++seq, &id, visitId, status',
    photos: 'id, visitId, [visitId+category]',
    progress: 'visitId',
    syncErrors: '++id, at',
  });
  db.version(2).stores({ notices: '++id, visitId, at' });
  return db;
}

let shared: EngineerDb | null = null;

/** The app's one database (tests open their own with `openEngineerDb`). */
export function engineerDb(): EngineerDb {
  shared ??= openEngineerDb();
  return shared;
}
