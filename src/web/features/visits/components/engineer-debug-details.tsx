import { useEffect, useState } from 'react';
import { useLive } from '../lib/use-live';
import { engineerDb } from '../offline/db';
import { syncEngine } from '../offline/sync';

function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined) return 'unknown';
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function useStorageEstimate() {
  const [estimate, setEstimate] = useState<{ usage?: number; quota?: number; persisted?: boolean }>(
    {},
  );
  useEffect(() => {
    let live = true;
    const read = async () => {
      const [found, persisted] = await Promise.all([
        navigator.storage?.estimate?.() ?? Promise.resolve<StorageEstimate>({}),
        navigator.storage?.persisted?.() ?? Promise.resolve(false),
      ]);
      if (live) setEstimate({ usage: found.usage, quota: found.quota, persisted });
    };
    void read();
    const timer = setInterval(() => void read(), 5_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return estimate;
}

/** The Debug panel's engineer part: the outbox, storage used and the last sync errors. */
export default function EngineerDebugDetails() {
  const db = engineerDb();
  const items = useLive(() => db.outbox.orderBy('seq').toArray(), [db]);
  const errors = useLive(() => db.syncErrors.orderBy('at').reverse().limit(5).toArray(), [db]);
  const storage = useStorageEstimate();
  return (
    <div className="mx-auto mt-2 grid max-w-7xl gap-2" data-testid="engineer-debug">
      <p>
        <span className="font-semibold">Storage used:</span> {formatBytes(storage.usage)} of{' '}
        {formatBytes(storage.quota)} (
        {storage.persisted ? 'persistent' : 'may be cleared by the browser'})
      </p>
      <div>
        <p className="font-semibold">Outbox ({items?.length ?? 0})</p>
        {items && items.length > 0 && (
          <ol className="list-decimal pl-5">
            {items.map((item) => (
              <li key={item.id} className="break-all">
                {item.label} · {item.method} {item.url.split('?')[0]} ·{' '}
                {item.status === 'failed' ? 'refused' : `waiting, ${item.attempts} tries`}
                {item.lastError ? ` · ${item.lastError}` : ''}
                {item.status === 'failed' && (
                  <button
                    type="button"
                    className="ml-2 underline"
                    onClick={() =>
                      void syncEngine().outbox.retryFailed(item.seq!).then(syncEngine().kick)
                    }
                  >
                    Send again
                  </button>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
      <div>
        <p className="font-semibold">Last sync errors</p>
        {errors && errors.length > 0 ? (
          <ul className="list-disc pl-5">
            {errors.map((error) => (
              <li key={error.id} className="break-all">
                {new Date(error.at).toLocaleTimeString('en-GB')} · {error.label}: {error.message}
              </li>
            ))}
          </ul>
        ) : (
          <p>None</p>
        )}
      </div>
    </div>
  );
}
