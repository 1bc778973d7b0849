import { Navigation } from 'lucide-react';
import { useState } from 'react';
import type { EngineerVisit } from '@shared/visits/visit-record';
import { visitPaths } from '@shared/visits/visit-record';
import { arrivalWindowWords } from '@shared/visits/on-the-way';
import { Button } from '@web/components/ui/button';
import type { EngineerDb } from '../offline/db';
import type { VisitActions } from '../offline/visit-actions';
import { useLive } from '../lib/use-live';

const timeOfDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * "On my way" on the engineer's next visit (issue 25): one tap tells the customer, with an
 * arrival window from the tap; offline it waits in the outbox like every other change.
 */
export function OnMyWay({
  db,
  actions,
  visit,
  tappedAt,
}: {
  db: EngineerDb;
  actions: Pick<VisitActions, 'onTheWay'>;
  visit: EngineerVisit;
  /** When this phone told the customer, if it has. */
  tappedAt: string | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const url = visitPaths.onTheWay(visit.id);
  const waiting = useLive(
    () =>
      db.outbox
        .where('status')
        .equals('pending')
        .filter((item) => item.url === url)
        .count(),
    [db, url],
  );
  const firstName = visit.customer.name.split(' ')[0];

  if (tappedAt) {
    const at = new Date(tappedAt);
    return (
      <p
        role="status"
        className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800"
      >
        {waiting
          ? `Saved on this phone at ${timeOfDay.format(at)}: ${firstName} is told you are on the way when the phone is back online.`
          : `${firstName} was told at ${timeOfDay.format(at)} that you are on the way, arriving ${arrivalWindowWords(at)}.`}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        size="sm"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void actions.onTheWay(visit.id).finally(() => setBusy(false));
        }}
      >
        <Navigation aria-hidden="true" />
        On my way
      </Button>
      <span className="text-xs text-slate-600">
        Tells {firstName} you will arrive within the hour.
      </span>
    </div>
  );
}
