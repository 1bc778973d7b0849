import type {
  CreateOrderNoteBody,
  Mentionable,
  OrderNote,
} from '@shared/order-notes/order-notes.contracts';
import { createOrderNoteBody } from '@shared/order-notes/order-notes.contracts';
import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { badRequest, forbidden, notFound } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { publishEvent } from '../events/events.service';
import { findOrderScope } from '../orders/order-lookup.service';
import type { Viewer } from '../orders/orders.service';
import {
  findActivePeople,
  findUserNames,
  listBackOfficePeople,
  listContractorPeople,
} from '../users/user-lookup.service';
import { insertNote, listNotesOfOrder } from './order-notes.repository';
import type { OrderNoteRow } from './order-notes.schema';

// Issue 25, decision 080: the internal thread on an order. Back office reads and writes every
// note; the order's contractor reads the shared ones and writes shared ones. Engineers,
// customers and partners never reach it.

type Side = 'back_office' | 'contractor';

const orderNotFound = () => notFound('Order not found');

/** Which side the viewer reads the order's notes from; 404 for an order not theirs. */
async function sideOn(db: Database, viewer: Viewer, orderId: string) {
  const order = await findOrderScope(db, orderId);
  if (!order) throw orderNotFound();
  if (viewer.backOffice) return { order, side: 'back_office' as Side };
  if (viewer.contractorId && viewer.contractorId === order.contractorId)
    return { order, side: 'contractor' as Side };
  // A contractor account looking at another company's order: as if it did not exist.
  if (viewer.contractorId) throw orderNotFound();
  throw forbidden('Notes on an order are for back office and the order’s contractor');
}

async function toNotes(db: Database, rows: OrderNoteRow[]): Promise<OrderNote[]> {
  const names = await findUserNames(
    db,
    rows.flatMap((row) => row.mentionUserIds),
  );
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    body: row.body,
    sharedWithContractor: row.sharedWithContractor,
    author: { id: row.authorUserId, name: row.authorName, side: row.authorSide },
    mentions: row.mentionUserIds.map((id) => ({ id, name: names.get(id) ?? 'Former user' })),
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function listOrderNotes(db: Database, viewer: Viewer, orderId: string) {
  const { side } = await sideOn(db, viewer, orderId);
  const rows = await listNotesOfOrder(db, orderId, { sharedOnly: side === 'contractor' });
  return { notes: await toNotes(db, rows) };
}

/**
 * Who the viewer may name: back office may name back office, and the order's contractor's
 * users (those only in a shared note); a contractor names its own colleagues.
 */
export async function listMentionables(
  db: Database,
  viewer: Viewer,
  orderId: string,
): Promise<{ people: Mentionable[] }> {
  const { order, side } = await sideOn(db, viewer, orderId);
  const contractorPeople = order.contractorId
    ? await listContractorPeople(db, order.contractorId)
    : [];
  const people: Mentionable[] =
    side === 'back_office'
      ? [
          ...(await listBackOfficePeople(db)).map((person) => ({
            id: person.id,
            name: person.name,
            side: 'back_office' as const,
          })),
          ...contractorPeople.map((person) => ({
            id: person.id,
            name: person.name,
            side: 'contractor' as const,
          })),
        ]
      : contractorPeople.map((person) => ({
          id: person.id,
          name: person.name,
          side: 'contractor' as const,
        }));
  return { people: people.filter((person) => person.id !== viewer.userId) };
}

export async function addOrderNote(
  db: Database,
  viewer: Viewer,
  orderId: string,
  rawBody: CreateOrderNoteBody,
): Promise<OrderNote> {
  const body = createOrderNoteBody.parse(rawBody);
  const { order, side } = await sideOn(db, viewer, orderId);
  // A contractor's note is read by back office and the contractor alike.
  const shared = side === 'contractor' ? true : body.sharedWithContractor;
  if (shared && !order.contractorId) {
    throw badRequest('The order has no contractor to share the note with', {
      sharedWithContractor: ['The order has no contractor to share the note with'],
    });
  }
  const mentionIds = [...new Set(body.mentionUserIds)];
  if (mentionIds.length > 0) {
    const { people } = await listMentionables(db, viewer, orderId);
    const allowed = new Map(people.map((person) => [person.id, person]));
    const known = await findActivePeople(db, mentionIds);
    for (const id of mentionIds) {
      const person = allowed.get(id);
      if (!person) {
        const name = known.get(id)?.name;
        throw badRequest(
          name
            ? `${name} cannot be mentioned on this order`
            : 'A mention names nobody who can be mentioned on this order',
          { mentionUserIds: ['Mention someone from the list'] },
        );
      }
      if (person.side === 'contractor' && !shared) {
        throw badRequest(
          `${person.name} sees only notes shared with the contractor: share the note or remove the mention`,
          { mentionUserIds: ['Share the note to mention the contractor’s people'] },
        );
      }
    }
  }
  const row = await inTransaction(db, async (tx) => {
    const note = await insertNote(tx, {
      orderId,
      authorUserId: viewer.userId,
      authorName: viewer.name,
      authorSide: side,
      body: body.body,
      sharedWithContractor: shared,
      mentionUserIds: mentionIds,
    });
    // Not an `order.*` event: partners' webhooks and the customer's timeline never hear of notes.
    await publishEvent(tx, {
      type: 'note.created',
      aggregateType: 'order_note',
      aggregateId: note.id,
      data: {
        orderId,
        actorUserId: viewer.userId,
        authorName: viewer.name,
        shared,
        mentionUserIds: mentionIds,
        body: body.body.slice(0, 200),
      },
    });
    // The audit log records that a note was written, never its words (decision 069).
    await recordAudit(tx, {
      action: 'order.note_added',
      actorUserId: viewer.userId,
      targetType: 'order',
      targetId: orderId,
      details: { noteId: note.id, shared, mentions: mentionIds.length },
    });
    return note;
  });
  return (await toNotes(db, [row]))[0]!;
}
