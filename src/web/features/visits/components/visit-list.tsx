import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { EngineerVisit } from '@shared/visits/visit-record';
import { PageHeader } from '@web/components/page-layout';
import { Button } from '@web/components/ui/button';
import { useOnlineStatus } from '@web/lib/online-status';
import type { EngineerDb } from '../offline/db';
import type { VisitActions } from '../offline/visit-actions';
import { useLive } from '../lib/use-live';
import { OnMyWay } from './on-my-way';
import { VisitNotices } from './visit-notices';
import { dayLabel, slotLabel, visitHref } from './visit-labels';
import { londonDateOf } from '@shared/london-date';

/** A day's visits in the order the engineer does them. */
const slotOrder = { am: 0, all_day: 1, pm: 2 } as const;

export function VisitList({
  db,
  actions,
  onRefresh,
}: {
  db: EngineerDb;
  actions: Pick<VisitActions, 'dismiss' | 'onTheWay'>;
  onRefresh: () => Promise<void>;
}) {
  const online = useOnlineStatus();
  const [refreshing, setRefreshing] = useState(false);
  const stored = useLive(() => db.visits.orderBy('date').toArray(), [db]);
  const progress = useLive(() => db.progress.toArray(), [db]);
  const today = londonDateOf();
  const visits = (stored ?? []).map((row) => row.data as EngineerVisit);
  const refreshedAt = stored?.reduce((latest, row) => Math.max(latest, row.refreshedAt), 0) ?? 0;
  const days = [...new Set(visits.map((visit) => visit.scheduledDate))].sort();
  const localRecord = new Map(
    (progress ?? []).map((row) => [
      row.visitId,
      row.record as { outcome?: { result: string }; checkIn?: unknown; onTheWay?: { at: string } },
    ]),
  );
  const inListOrder = days.flatMap((day) =>
    visits
      .filter((visit) => visit.scheduledDate === day)
      .sort((a, b) => slotOrder[a.slot] - slotOrder[b.slot]),
  );
  // The next visit: the first one nothing has been recorded on, here or on the server.
  const nextVisit = inListOrder.find((visit) => {
    const local = localRecord.get(visit.id);
    return (
      visit.status === 'scheduled' &&
      !visit.record.checkIn &&
      !visit.record.outcome &&
      !local?.checkIn &&
      !local?.outcome
    );
  });

  return (
    <>
      <PageHeader
        title="My visits"
        description={
          refreshedAt
            ? `Saved on this phone; updated ${new Date(refreshedAt).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' })}.`
            : 'Your visits for the coming days are kept on this phone.'
        }
        actions={
          <Button
            variant="outline"
            size="sm"
            disabled={!online || refreshing}
            onClick={() => {
              setRefreshing(true);
              void onRefresh().finally(() => setRefreshing(false));
            }}
          >
            <RefreshCw aria-hidden="true" />
            Refresh
          </Button>
        }
      />
      <VisitNotices db={db} actions={actions} />
      {stored === undefined ? null : visits.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          {online
            ? 'No visits for the coming days.'
            : 'No visits on this phone yet. Open the app once with a network to fetch them.'}
        </p>
      ) : (
        days.map((day) => (
          <section key={day} aria-labelledby={`day-${day}`} className="grid gap-2">
            <h2 id={`day-${day}`} className="text-base font-semibold text-slate-900">
              {dayLabel(day, today)}
            </h2>
            <ul className="grid gap-2">
              {inListOrder
                .filter((visit) => visit.scheduledDate === day)
                .map((visit) => {
                  const local = localRecord.get(visit.id);
                  const outcome = local?.outcome?.result ?? visit.record.outcome?.result;
                  return (
                    <li key={visit.id}>
                      <Link
                        href={visitHref(visit.id)}
                        className="grid gap-1 rounded-lg border border-slate-200 bg-white p-3 shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                      >
                        <span className="flex items-center justify-between gap-2">
                          <span className="font-medium text-slate-900">{visit.customer.name}</span>
                          <span className="text-xs text-slate-700">{slotLabel(visit.slot)}</span>
                        </span>
                        <span className="text-sm text-slate-700">
                          {visit.address.lines[0]}, {visit.address.postcode}
                        </span>
                        <span className="flex items-center justify-between gap-2 text-xs text-slate-600">
                          <span>
                            {visit.orderNumber} · {visit.jobType.name}
                          </span>
                          <span className="font-medium text-slate-800">
                            {outcome === 'completed'
                              ? 'Completed'
                              : outcome === 'failed'
                                ? 'Failed'
                                : visit.record.checkIn || local?.checkIn
                                  ? 'In progress'
                                  : 'To do'}
                          </span>
                        </span>
                      </Link>
                      {visit.id === nextVisit?.id ? (
                        <div className="mt-2">
                          <OnMyWay
                            db={db}
                            actions={actions}
                            visit={visit}
                            tappedAt={local?.onTheWay?.at}
                          />
                        </div>
                      ) : null}
                    </li>
                  );
                })}
            </ul>
          </section>
        ))
      )}
    </>
  );
}
