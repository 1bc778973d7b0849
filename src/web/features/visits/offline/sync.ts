// Runs the outbox in the page: drains when the app opens, when the network comes back, after
// every change, and when a backoff is due; refreshes the visits whenever online. Feeds the
// top bar's waiting count (lib/sync-status).
import { liveQuery } from 'dexie';
import {
  engineerVisitsResponse,
  visitPaths,
  type CommissioningThresholds,
} from '@shared/visits/visit-record';
import { registerSyncStatusSource } from '@web/lib/sync-status';
import { engineerDb, type EngineerDb } from './db';
import { Outbox } from './outbox';
import { fetchTransport } from './transport';
import { applyVisitList } from './visit-list-sync';

export type SyncEngine = {
  db: EngineerDb;
  outbox: Outbox;
  /** Sends what is due now (when online). */
  kick: () => void;
  /** Fetches the engineer's visits for the coming days into the device store. */
  refreshVisits: () => Promise<void>;
  stop: () => void;
};

const thresholdsKey = 'uplink.engineer.thresholds';
const visitDays = 7;

export function readThresholds(): CommissioningThresholds | null {
  try {
    const stored = localStorage.getItem(thresholdsKey);
    return stored ? (JSON.parse(stored) as CommissioningThresholds) : null;
  } catch {
    return null;
  }
}

async function refreshVisits(db: EngineerDb): Promise<void> {
  // The server answers why each held visit it no longer lists has gone (at most 100 asked).
  const held = (await db.visits.toCollection().primaryKeys()).slice(0, 100).join(',');
  const query = new URLSearchParams({ days: String(visitDays), ...(held ? { held } : {}) });
  const res = await fetch(`${visitPaths.engineerVisits}?${query.toString()}`, {
    credentials: 'include',
  });
  if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
  const parsed = engineerVisitsResponse.parse(await res.json());
  localStorage.setItem(thresholdsKey, JSON.stringify(parsed.thresholds));
  await applyVisitList(db, parsed);
}

let engine: SyncEngine | null = null;
let users = 0;

/** Starts the engine once for the page; call the answer to stop using it. */
export function startSyncEngine(): () => void {
  users += 1;
  engine ??= createSyncEngine(engineerDb());
  return () => {
    users -= 1;
    if (users === 0 && engine) {
      engine.stop();
      engine = null;
    }
  };
}

export function syncEngine(): SyncEngine {
  engine ??= createSyncEngine(engineerDb());
  return engine;
}

export function createSyncEngine(db: EngineerDb): SyncEngine {
  const outbox = new Outbox({ db, transport: fetchTransport });
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const kick = () => {
    if (stopped || !navigator.onLine) return;
    void outbox.drain().then(
      (result) => {
        if (timer) clearTimeout(timer);
        timer = null;
        if (result.retryAt !== null && !stopped) {
          timer = setTimeout(kick, Math.max(50, result.retryAt - Date.now()));
        } else if (result.sent > 0 || result.failed > 0) {
          // What the server now holds (photo URLs, statuses) comes back to the device.
          void refresh();
        }
      },
      () => undefined,
    );
  };

  const refresh = async () => {
    if (!navigator.onLine) return;
    try {
      await refreshVisits(db);
    } catch (error) {
      // Offline or the server is down: the device keeps what it has; the Debug panel says why.
      if (navigator.onLine) {
        const message = error instanceof Error ? error.message : String(error);
        await db.syncErrors
          .add({ at: Date.now(), label: 'Refresh visits', message })
          .catch(() => 0);
      }
    }
  };

  const onOnline = () => {
    void outbox.clearBackoff().then(kick);
    void refresh();
  };
  window.addEventListener('online', onOnline);

  let pending = 0;
  const listeners = new Set<() => void>();
  const subscription = liveQuery(() =>
    db.outbox.where('status').equals('pending').count(),
  ).subscribe({
    next: (count) => {
      const grew = count > pending;
      pending = count;
      listeners.forEach((listener) => listener());
      if (grew) kick();
    },
  });
  const unregister = registerSyncStatusSource({
    getPendingCount: () => pending,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });

  kick();
  void refresh();

  return {
    db,
    outbox,
    kick,
    refreshVisits: refresh,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      subscription.unsubscribe();
      unregister();
    },
  };
}
