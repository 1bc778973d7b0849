import type { Database } from '../../db/client';
import { findPartnerNameRows, findPartnerRow } from './partners.repository';

/** What other modules may ask of partners. */
export async function findPartnerForOrder(db: Database, id: string) {
  return findPartnerRow(db, id);
}

/** The name of a partner and whether it is active. */
export type PartnerName = { id: string; name: string; active: boolean };

/** The partners with these ids, ordered by name as the database orders names. */
export async function findPartnerNames(db: Database, ids: string[]): Promise<PartnerName[]> {
  return findPartnerNameRows(db, [...new Set(ids)]);
}

/**
 * Each item with its partner's name and whether the partner is active, as an inner join with
 * partners would give them: an item whose partner is not found is left out. With `orderByName`,
 * the items come in the order of their partner's name (as the database sorts names), each
 * partner's items in the order given: what `order by partners.name, <the items' order>` gives.
 */
export async function withPartnerNames<T extends { partnerId: string }>(
  db: Database,
  items: T[],
  options: { orderByName?: boolean } = {},
): Promise<(T & { partnerName: string; partnerActive: boolean })[]> {
  const found = await findPartnerNames(
    db,
    items.map((item) => item.partnerId),
  );
  // Partners of the same name share a place, as they do when the database sorts by name.
  const places = new Map<string, PartnerName & { place: number }>();
  let place = -1;
  let previousName: string | undefined;
  for (const partner of found) {
    if (partner.name !== previousName) place += 1;
    previousName = partner.name;
    places.set(partner.id, { ...partner, place });
  }
  const joined = items.flatMap((item) => {
    const partner = places.get(item.partnerId);
    return partner ? [{ item, partner }] : [];
  });
  // Array sort is stable: within one place, the items keep the order given.
  if (options.orderByName) joined.sort((a, b) => a.partner.place - b.partner.place);
  return joined.map(({ item, partner }) => ({
    ...item,
    partnerName: partner.name,
    partnerActive: partner.active,
  }));
}
