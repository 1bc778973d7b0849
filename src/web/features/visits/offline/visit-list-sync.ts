// The phone's list follows the server's (decision 059). A visit the server no longer lists for
// this engineer leaves the phone with a note of why; work recorded on it and not yet sent is
// never dropped silently: it stays in the outbox, marked not sent with the same reason, until
// the engineer dismisses it. A visit merely moved beyond the days kept stays while its work
// waits to be sent (the server still takes it); a past one goes without a note.
import type {
  EngineerVisit,
  EngineerVisitsResponse,
  RemovedVisit,
} from '@shared/visits/visit-record';
import type { EngineerDb } from './db';

function dayMonth(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
  }).format(new Date(iso));
}

function ukDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** The note, in plain words, of why a visit left the phone (none for a past visit). */
export function visitGoneNote(
  removed: RemovedVisit,
  visit: EngineerVisit | undefined,
): string | null {
  const number = visit?.orderNumber ?? removed.orderNumber;
  const who = visit ? ` for ${visit.customer.name}` : '';
  const job = number ? `The job ${number}${who}` : 'A job';
  const on = removed.at ? ` on ${dayMonth(removed.at)}` : '';
  switch (removed.reason) {
    case 'cancelled':
      return `${job} was cancelled by the office${on}. It has been removed from your list.`;
    case 'unscheduled':
      return `${job} was taken off your schedule by the office${on}. It has been removed from your list.`;
    case 'reassigned':
      return `${job} was given to another engineer${on}. It has been removed from your list.`;
    case 'moved':
      return `${job} was moved to ${removed.movedTo ? ukDate(removed.movedTo) : 'a later day'}. It will come back to your list nearer the day.`;
    case 'past':
      return null;
  }
}

/** Stores the server's list: new and changed visits in, gone ones out with a note. */
export async function applyVisitList(
  db: EngineerDb,
  list: Pick<EngineerVisitsResponse, 'items' | 'removed'>,
  now = Date.now(),
): Promise<void> {
  await db.transaction('rw', [db.visits, db.outbox, db.progress, db.notices], async () => {
    const listed = new Set(list.items.map((visit) => visit.id));
    const outbox = await db.outbox.toArray();
    const waiting = new Set(
      outbox.filter((item) => item.status === 'pending').map((item) => item.visitId),
    );
    const why = new Map(list.removed.map((removed) => [removed.id, removed]));
    for (const id of await db.visits.toCollection().primaryKeys()) {
      if (listed.has(id)) continue;
      const removed = why.get(id);
      const stillTheirs = !removed || removed.reason === 'moved' || removed.reason === 'past';
      if (stillTheirs && waiting.has(id)) continue;
      const stored = await db.visits.get(id);
      const note = removed && visitGoneNote(removed, stored?.data as EngineerVisit | undefined);
      if (note) {
        await db.notices.add({ visitId: id, at: now, message: note });
        if (!stillTheirs) {
          await db.outbox
            .where('visitId')
            .equals(id)
            .filter((item) => item.status === 'pending')
            .modify({ status: 'failed', lastError: `Not sent. ${note}` });
          await db.progress.delete(id);
        }
      }
      await db.visits.delete(id);
    }
    await db.visits.bulkPut(
      list.items.map((visit) => ({
        id: visit.id,
        date: visit.scheduledDate,
        data: visit,
        refreshedAt: now,
      })),
    );
  });
}
