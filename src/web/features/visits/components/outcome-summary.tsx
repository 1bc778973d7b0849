import { visitFailureReasonLabels, type VisitFailureReason } from '@shared/visits/visit-record';
import { useLive } from '../lib/use-live';
import type { VisitView } from '../lib/visit-view';
import { engineerDb } from '../offline/db';

/** A closed visit: its outcome, and whether the server has everything yet. */
export function OutcomeSummary({ view }: { view: VisitView }) {
  const items = useLive(
    () => engineerDb().outbox.where('visitId').equals(view.visit.id).toArray(),
    [view.visit.id],
  );
  const waiting = items?.filter((item) => item.status === 'pending').length ?? 0;
  const refused = items?.filter((item) => item.status === 'failed') ?? [];
  const outcome = view.outcome!;
  return (
    <section
      aria-labelledby="outcome-heading"
      className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="outcome-heading" className="text-xl font-semibold text-slate-900">
        {outcome.result === 'completed' ? 'Visit completed' : 'Visit failed'}
      </h2>
      {outcome.result === 'failed' && outcome.failureReason && (
        <p className="text-sm text-slate-800">
          Reason:{' '}
          {visitFailureReasonLabels[outcome.failureReason as VisitFailureReason] ??
            outcome.failureReason}
        </p>
      )}
      <p role="status" data-testid="visit-sync-state" className="text-sm text-slate-800">
        {items === undefined
          ? ''
          : waiting > 0
            ? `${waiting} change${waiting === 1 ? '' : 's'} waiting to be sent.`
            : refused.length > 0
              ? 'The server refused some changes (see below).'
              : 'Everything has reached the server.'}
      </p>
      {refused.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-red-800">
          {refused.map((item) => (
            <li key={item.id}>
              {item.label}: {item.lastError}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
