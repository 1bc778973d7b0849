import { Button } from '@web/components/ui/button';
import type { EngineerDb } from '../offline/db';
import type { VisitActions } from '../offline/visit-actions';
import { useLive } from '../lib/use-live';

/** The server's words from a stored refusal, without the status code the outbox keeps. */
export function refusalWords(lastError: string | undefined): string {
  return (lastError ?? '').replace(/^\d{3}: /, '') || 'No reason was given.';
}

/**
 * What needs the engineer's eye (decision 059): the notes of why visits left the phone, and the
 * changes the server refused or that could no longer be sent. Each stays until dismissed. With
 * `visitId`, only that visit's.
 */
export function VisitNotices({
  db,
  actions,
  visitId,
}: {
  db: EngineerDb;
  actions: Pick<VisitActions, 'dismiss'>;
  visitId?: string;
}) {
  const notices = useLive(
    () => (visitId ? db.notices.where('visitId').equals(visitId).toArray() : db.notices.toArray()),
    [db, visitId],
  );
  const refused = useLive(
    () =>
      db.outbox
        .where('status')
        .equals('failed')
        .filter((item) => !visitId || item.visitId === visitId)
        .sortBy('seq'),
    [db, visitId],
  );
  const count = (notices?.length ?? 0) + (refused?.length ?? 0);

  return (
    <div role="alert" className="empty:hidden">
      {count > 0 && (
        <section
          aria-labelledby="notices-heading"
          className="grid gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950"
        >
          <h2 id="notices-heading" className="text-base font-semibold">
            Needs your attention
          </h2>
          <ul className="grid gap-2">
            {notices?.map((notice) => (
              <li key={`n${notice.id}`} className="flex items-start justify-between gap-3">
                <p>{notice.message}</p>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Dismiss: ${notice.message}`}
                  onClick={() => void actions.dismiss({ noticeId: notice.id! })}
                >
                  Dismiss
                </Button>
              </li>
            ))}
            {refused?.map((item) => {
              const notSent = item.lastError?.startsWith('Not sent.');
              const text = notSent
                ? `${item.label}: ${item.lastError}`
                : `${item.label} was refused by the server: ${refusalWords(item.lastError)}`;
              return (
                <li key={item.id} className="flex items-start justify-between gap-3">
                  <p>{text}</p>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Dismiss: ${item.label}`}
                    onClick={() => void actions.dismiss({ seq: item.seq! })}
                  >
                    Dismiss
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
