import { useEffect, useMemo, useState } from 'react';
import type { RouteComponentProps } from 'wouter';
import { Button } from '@web/components/ui/button';
import { keepCurrentUserForOffline } from '@web/lib/offline-auth';
import { applyUpdate, installEngineerApp } from '../lib/install';
import { syncEngine, startSyncEngine } from '../offline/sync';
import { isVisitStep, visitActions } from '../offline/visit-actions';
import { VisitList } from './visit-list';
import { VisitScreen } from './visit-screen';

/**
 * The engineer app (issue 13): the visits on the device, and one visit a step at a time.
 * Routes: /engineer, /engineer/visits/{visitId}/{step}.
 */
export default function EngineerApp({ params }: RouteComponentProps) {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => startSyncEngine(), []);
  useEffect(() => installEngineerApp(setWaiting), []);
  useEffect(() => {
    void keepCurrentUserForOffline();
    window.addEventListener('online', keepCurrentUserForOffline);
    return () => window.removeEventListener('online', keepCurrentUserForOffline);
  }, []);
  const engine = syncEngine();
  const actions = useMemo(() => visitActions(engine.db, engine.outbox), [engine]);

  return (
    <div className="mx-auto grid w-full max-w-xl gap-4">
      {waiting && (
        <div
          role="status"
          className="flex items-center justify-between gap-3 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900"
        >
          A new version of the app is ready. Your saved work stays on this phone.
          <Button size="sm" onClick={() => applyUpdate(waiting)}>
            Update
          </Button>
        </div>
      )}
      {params.visitId ? (
        <VisitScreen
          key={params.visitId}
          db={engine.db}
          actions={actions}
          visitId={params.visitId}
          step={isVisitStep(params.step) ? params.step : params.step === 'fail' ? 'fail' : null}
        />
      ) : (
        <VisitList db={engine.db} actions={actions} onRefresh={engine.refreshVisits} />
      )}
    </div>
  );
}
