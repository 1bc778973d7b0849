import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { customers } from '../../customers/customers.schema';
import { stockFieldSerials, stockProducts, stockSerials } from '../../stock/stock.schema';
import { visits } from '../../visits/visits.schema';
import { orders } from '../orders.schema';
import type { OrderStatus, VisitSlot, VisitStatus } from '@shared/orders/order-status';
import type { SearchMatchField } from '@shared/search/search.contracts';
import { likeContains, likePrefix, type SearchTerms } from '@shared/search/search-terms';

// The top bar's search (issue 25, decisions 079 and 086). Every branch is an exact match or a
// prefix on an index of the migration `search_indexes`, or a name fragment on the name's trigram
// index (`search_speed`), and stops at `limit` rows, so a term that matches
// thousands of orders costs no more than one that matches one. Each statement is built as SQL
// (not run) so the bench can time the same text directly.

/** One branch of a union: `(select …)`, or nothing when the term cannot be this value. */
type Branch = SQL | null | undefined;

function unionOf(branches: Branch[]): SQL {
  const present = branches.filter((b): b is SQL => !!b);
  return sql.join(
    present.map((b) => sql`(${b})`),
    sql` union all `,
  );
}

/** The condition scoping orders, or true. */
const scoped = (scope: SQL | undefined) => scope ?? sql`true`;

/**
 * Orders whose number, partner reference, customer name, postcode, phone or email starts with
 * (or is) the term, within `scope` (a condition on `orders`), best match first.
 */
export function orderSearchSql(terms: SearchTerms, scope: SQL | undefined, limit: number): SQL {
  const hits = unionOf(orderHitBranches(terms, scope, limit));
  return sql`with hits as (${hits}),
    best as (select distinct on (id) id, rank, matched from hits order by id, rank)
    select o.id, o.order_number, o.status, o.partner_reference, c.first_name, c.last_name,
           c.postcode, c.town, best.matched
      from best join orders o on o.id = best.id join customers c on c.id = o.customer_id
     order by best.rank, o.received_at desc, o.id
     limit ${limit}`;
}

/** The union's branches for orders: (id, rank, matched), each at most `limit` rows. */
function orderHitBranches(terms: SearchTerms, scope: SQL | undefined, limit: number): Branch[] {
  const within = scoped(scope);
  const orderHit = (rank: number, matched: SearchMatchField, where: SQL) =>
    sql`select ${orders.id} as id, ${rank}::int as rank, ${matched}::text as matched
          from ${orders} where ${where} and ${within} limit ${limit}`;
  const customerHit = (rank: number, matched: SearchMatchField, where: SQL) =>
    sql`select ${orders.id} as id, ${rank}::int as rank, ${matched}::text as matched
          from ${customers} join ${orders} on ${orders.customerId} = ${customers.id}
         where ${where} and ${within} limit ${limit}`;
  const lowerPrefix = likePrefix(terms.lower);
  return [
    terms.orderNumberPrefix
      ? orderHit(
          1,
          'order number',
          sql`${orders.orderNumber} like ${likePrefix(terms.orderNumberPrefix)}`,
        )
      : null,
    terms.sequenceDigits
      ? orderHit(
          1,
          'order number',
          sql`split_part(${orders.orderNumber}, '-', 3) = ${terms.sequenceDigits}`,
        )
      : null,
    orderHit(2, 'partner reference', sql`lower(${orders.partnerReference}) like ${lowerPrefix}`),
    customerHit(3, 'name', sql`lower(${customers.lastName}) like ${lowerPrefix}`),
    customerHit(
      3,
      'name',
      sql`lower(${customers.firstName} || ' ' || ${customers.lastName}) like ${lowerPrefix}`,
    ),
    // A fragment of the name ("mith" in Smith) on the name's trigram index, after every
    // exact and prefix match (decision 086).
    terms.nameFragment
      ? customerHit(
          8,
          'name',
          sql`lower(${customers.firstName} || ' ' || ${customers.lastName}) like ${likeContains(terms.nameFragment)}`,
        )
      : null,
    terms.postcodePrefix
      ? customerHit(
          4,
          'postcode',
          sql`replace(${customers.postcode}, ' ', '') like ${likePrefix(terms.postcodePrefix)}`,
        )
      : null,
    terms.phone ? customerHit(5, 'phone', sql`${customers.phone} = ${terms.phone}`) : null,
    terms.emailPrefix
      ? customerHit(
          6,
          'email',
          sql`lower(${customers.email}) like ${likePrefix(terms.emailPrefix)}`,
        )
      : null,
  ];
}

export type OrderSearchRow = {
  id: string;
  order_number: string;
  status: OrderStatus;
  partner_reference: string | null;
  first_name: string;
  last_name: string;
  postcode: string;
  town: string;
  matched: SearchMatchField;
};

/** Customers by name, postcode, phone or email (back office). */
export function customerSearchSql(terms: SearchTerms, limit: number): SQL {
  const hit = (rank: number, matched: SearchMatchField, where: SQL) =>
    sql`select ${customers.id} as id, ${rank}::int as rank, ${matched}::text as matched
          from ${customers} where ${where} limit ${limit}`;
  const lowerPrefix = likePrefix(terms.lower);
  const hits = unionOf([
    hit(1, 'name', sql`lower(${customers.lastName}) like ${lowerPrefix}`),
    hit(
      1,
      'name',
      sql`lower(${customers.firstName} || ' ' || ${customers.lastName}) like ${lowerPrefix}`,
    ),
    terms.nameFragment
      ? hit(
          5,
          'name',
          sql`lower(${customers.firstName} || ' ' || ${customers.lastName}) like ${likeContains(terms.nameFragment)}`,
        )
      : null,
    terms.postcodePrefix
      ? hit(
          2,
          'postcode',
          sql`replace(${customers.postcode}, ' ', '') like ${likePrefix(terms.postcodePrefix)}`,
        )
      : null,
    terms.phone ? hit(3, 'phone', sql`${customers.phone} = ${terms.phone}`) : null,
    terms.emailPrefix
      ? hit(4, 'email', sql`lower(${customers.email}) like ${likePrefix(terms.emailPrefix)}`)
      : null,
  ]);
  return sql`with hits as (${hits}),
    best as (select distinct on (id) id, rank, matched from hits order by id, rank)
    select c.id, c.reference, c.first_name, c.last_name, c.postcode, c.town, best.matched
      from best join customers c on c.id = best.id
     order by best.rank, c.last_name, c.first_name, c.id
     limit ${limit}`;
}

export type CustomerSearchRow = {
  id: string;
  reference: string;
  first_name: string;
  last_name: string;
  postcode: string;
  town: string;
  matched: SearchMatchField;
};

/**
 * Serials that start with the term: in stock (the catalogue's serials) and as recorded on
 * visits. `contractorId` keeps to serials on that company's orders; null is back office (all).
 */
export function serialSearchSql(
  terms: SearchTerms,
  contractorId: string | null,
  limit: number,
): SQL | null {
  if (!terms.serialPrefix) return null;
  const prefix = likePrefix(terms.serialPrefix);
  const ofCompany = (orderId: SQL) =>
    contractorId === null
      ? sql`true`
      : sql`exists (select 1 from ${orders} where ${orders.id} = ${orderId}
                     and ${orders.contractorId} = ${contractorId})`;
  return sql`with hits as (
      (select ${stockSerials.serial} as serial, ${stockSerials.orderId} as order_id,
              ${stockProducts.name} as label, ${stockSerials.status} as status, 1 as rank
         from ${stockSerials} join ${stockProducts} on ${stockProducts.id} = ${stockSerials.productId}
        where upper(${stockSerials.serial}) like ${prefix} and ${ofCompany(sql`${stockSerials.orderId}`)}
        limit ${limit})
      union all
      (select ${stockFieldSerials.serial}, ${stockFieldSerials.orderId}, ${stockFieldSerials.label},
              'installed', 2
         from ${stockFieldSerials}
        where upper(${stockFieldSerials.serial}) like ${prefix}
          and ${ofCompany(sql`${stockFieldSerials.orderId}`)}
        limit ${limit})),
    best as (select distinct on (upper(serial), order_id) serial, order_id, label, status, rank
               from hits order by upper(serial), order_id, rank)
    select best.serial, best.order_id, best.label, best.status, o.order_number
      from best left join orders o on o.id = best.order_id
     order by best.serial, o.order_number
     limit ${limit}`;
}

export type SerialSearchRow = {
  serial: string;
  order_id: string | null;
  label: string;
  status: string;
  order_number: string | null;
};

/**
 * The engineer's own visits whose order the term finds (the order branches above, within the
 * orders they have visits on), or whose serials start with it: installed ones as stock keeps
 * them, and those recorded on a visit still open. Each order shows the engineer's latest visit.
 */
export function engineerVisitSearchSql(
  terms: SearchTerms,
  engineerId: string,
  limit: number,
  openSince: string,
): SQL {
  const mine = sql`exists (select 1 from ${visits} where ${visits.orderId} = ${orders.id}
                     and ${visits.engineerId} = ${engineerId})`;
  const serial = terms.serialPrefix;
  // The serials as JSON text: `{"dish": "DSH-1"}`; a value starting with the term follows a quote.
  const serialValue = `%"${likePrefix(serial ?? '')}`;
  const hits = unionOf([
    ...orderHitBranches(terms, mine, limit),
    serial === null
      ? null
      : sql`select ${stockFieldSerials.orderId} as id, 7::int as rank, 'serial'::text as matched
          from ${stockFieldSerials}
         where upper(${stockFieldSerials.serial}) like ${likePrefix(serial)}
           and ${stockFieldSerials.engineerId} = ${engineerId}
         limit ${limit}`,
    serial === null
      ? null
      : sql`select ${visits.orderId} as id, 7::int as rank, 'serial'::text as matched
          from ${visits}
         where ${visits.engineerId} = ${engineerId} and ${visits.scheduledDate} >= ${openSince}
           and ${visits.status} in ('scheduled', 'in_progress')
           and upper(${visits.serials}::text || coalesce(${visits.otherSerials}::text, ''))
               like ${serialValue}
         limit ${limit}`,
  ]);
  return sql`with hits as (${hits}),
    best as (select distinct on (id) id, rank, matched from hits order by id, rank)
    select v.id, v.order_id, v.scheduled_date, v.slot, v.status, o.order_number,
           c.first_name, c.last_name, c.postcode, c.town, best.matched
      from best
      join lateral (select * from visits v
                     where v.order_id = best.id and v.engineer_id = ${engineerId}
                       and v.status <> 'cancelled'
                     order by v.scheduled_date desc, v.created_at desc limit 1) v on true
      join orders o on o.id = v.order_id
      join customers c on c.id = o.customer_id
     order by best.rank, (v.status in ('scheduled', 'in_progress')) desc, v.scheduled_date desc,
              v.id
     limit ${limit}`;
}

export type VisitSearchRow = {
  id: string;
  order_id: string;
  scheduled_date: string;
  slot: VisitSlot;
  status: VisitStatus;
  order_number: string;
  first_name: string;
  last_name: string;
  postcode: string;
  town: string;
  matched: SearchMatchField;
};

/** Runs one of the statements above. */
export async function runSearchSql<Row>(db: Database, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}
