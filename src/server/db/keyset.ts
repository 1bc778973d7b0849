import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  asc,
  desc,
  getTableName,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { maxPageOffset, pagingMessages } from '@shared/schema/paging.contracts';
import { badRequest } from '../errors';
import type { Database } from './client';
import { preparedPerShape } from './prepared';

// Keyset paging and counts for every back-office list (issue 23, decision 085). A page is read
// after (or before) the sort key of a row the client was given, through an index on that key:
// the same cost on page 1 and page 40,000. The total is counted exactly up to a threshold and
// estimated by the planner beyond it, so no list scans its table to say how long it is.

/** One value of a sort key, as text (timestamps keep their microseconds). */
export type KeyValue = string | null;
export type Cursor = { direction: 'after' | 'before'; key: KeyValue[] };
export type KeysetOperator = '<' | '>';

/** One column of a sort key: its expression and the SQL type its text value is cast back to. */
export type KeyColumn = {
  sql: SQL | SQLWrapper;
  type: 'timestamptz' | 'uuid' | 'text' | 'date' | 'bigint';
};

const invalidCursor = () =>
  badRequest(pagingMessages.invalidCursor, { cursor: [pagingMessages.invalidCursor] });

/**
 * Keyset cursors, signed: the client cannot forge a position (or a value that reaches SQL), and
 * any tampering is refused with 400 rather than answered with a wrong page. Each cursor is bound
 * to its list (and sort): one list's cursor is refused by another.
 */
export function cursorCodec(secret: string) {
  const secretKey = createHmac('sha256', secret).update('list-cursor').digest();
  const sign = (list: string, payload: string) =>
    createHmac('sha256', secretKey).update(`${list}\n${payload}`).digest().subarray(0, 16);
  return {
    encode(list: string, cursor: Cursor): string {
      const value = [cursor.direction === 'before' ? 'b' : 'a', ...cursor.key];
      const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${payload}.${sign(list, payload).toString('base64url')}`;
    },
    /** The cursor's position, or a 400 (the usual bad-input shape) when it is not ours. */
    decode(list: string, cursor: string, arity: number): Cursor {
      const [payload, signature, extra] = cursor.split('.');
      if (!payload || !signature || extra !== undefined) throw invalidCursor();
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(list, payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw invalidCursor();
      }
      let value: unknown;
      try {
        value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        throw invalidCursor();
      }
      if (
        !Array.isArray(value) ||
        value.length !== arity + 1 ||
        (value[0] !== 'a' && value[0] !== 'b') ||
        !value.slice(1).every((part) => part === null || typeof part === 'string')
      ) {
        throw invalidCursor();
      }
      return {
        direction: value[0] === 'b' ? 'before' : 'after',
        key: value.slice(1) as KeyValue[],
      };
    },
  };
}
export type CursorCodec = ReturnType<typeof cursorCodec>;

/**
 * What a list needs to page and count: the cursor codec and the exact-count thresholds, one for
 * any list and a lower one for a list searched by text (decision 097).
 */
export type ListPaging = {
  codec: CursorCodec;
  exactCountLimit: number;
  searchExactCountLimit: number;
};

export function listPaging(config: {
  SESSION_SECRET: string;
  LIST_EXACT_COUNT_LIMIT: number;
  LIST_SEARCH_EXACT_COUNT_LIMIT: number;
}): ListPaging {
  return {
    codec: cursorCodec(config.SESSION_SECRET),
    exactCountLimit: config.LIST_EXACT_COUNT_LIMIT,
    searchExactCountLimit: Math.min(
      config.LIST_SEARCH_EXACT_COUNT_LIMIT,
      config.LIST_EXACT_COUNT_LIMIT,
    ),
  };
}

/** The exact-count threshold of a list, searched by text or not. */
export function exactCountLimitOf(paging: ListPaging, searched: boolean): number {
  return searched ? paging.searchExactCountLimit : paging.exactCountLimit;
}

/** The sort key of a row as one text column (`cursorKey`): a JSON list of its values as text. */
export function cursorKeyColumn(keys: readonly KeyColumn[]) {
  return sql<string>`json_build_array(${sql.join(
    keys.map((key) => sql`(${key.sql})::text`),
    sql`, `,
  )})::text`;
}

/**
 * `(a, b) < ($1, $2)`: the rows after (or before) a key in a list sorted by these columns. The
 * values are the key's, or placeholders for a statement prepared once (the order list).
 */
export function keysetCondition(
  keys: readonly KeyColumn[],
  values: readonly (KeyValue | Placeholder)[],
  operator: KeysetOperator,
) {
  const columns = sql.join(
    keys.map((key) => sql`${key.sql}`),
    sql`, `,
  );
  const given = sql.join(
    keys.map((key, i) => sql`${values[i]}::${sql.raw(key.type)}`),
    sql`, `,
  );
  return sql`(${columns}) ${sql.raw(operator)} (${given})`;
}

/** Page numbers are bounded: page × size beyond maxPageOffset answers 400. */
export function boundedOffset(page: number, pageSize: number): number {
  const offset = (page - 1) * pageSize;
  if (offset > maxPageOffset) {
    const message = pagingMessages.tooFar(maxPageOffset);
    throw badRequest(message, { page: [message] });
  }
  return offset;
}

export type PageRequest = {
  /** The list's name (and sort), binding its cursors. */
  list: string;
  codec: CursorCodec;
  keys: readonly KeyColumn[];
  /** Newest (largest) first. */
  descending: boolean;
  limit: number;
  cursor?: string;
  /** Page number (1-based) when no cursor is given: a bounded offset. */
  page?: number;
};

/**
 * One page by keyset: `fetch` runs the list's query with the condition, order and limit given
 * (and `cursorKey` selected with cursorKeyColumn). Answers the rows in list order and the cursors
 * of the pages either side.
 */
export async function keysetPage<Row extends { cursorKey: string }>(
  request: PageRequest,
  fetch: (page: {
    after: SQL | undefined;
    orderBy: SQL[];
    limit: number;
    offset: number;
    /** What `after` and `orderBy` are made of, for a list that prepares its statement. */
    descending: boolean;
    position: { key: KeyValue[]; operator: KeysetOperator } | undefined;
  }) => Promise<Row[]>,
): Promise<{ rows: Row[]; nextCursor: string | null; prevCursor: string | null }> {
  const { codec, keys, list, limit } = request;
  const at = request.cursor ? codec.decode(list, request.cursor, keys.length) : undefined;
  const backward = at?.direction === 'before';
  const offset = at ? 0 : boundedOffset(request.page ?? 1, limit);
  // Reading backward walks the order the other way from the key, then turns the page round.
  const descending = request.descending !== backward;
  const order = descending ? desc : asc;
  const position = at
    ? { key: at.key, operator: descending ? ('<' as const) : ('>' as const) }
    : undefined;
  const rows = await fetch({
    after: position ? keysetCondition(keys, position.key, position.operator) : undefined,
    orderBy: keys.map((key) => order(key.sql)),
    limit: limit + 1,
    offset,
    descending,
    position,
  });
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (backward) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const cursorOf = (direction: Cursor['direction'], row: Row) =>
    codec.encode(list, { direction, key: JSON.parse(row.cursorKey) as KeyValue[] });
  const hasNext = backward ? true : more;
  const hasPrev = backward ? more : !!at || offset > 0;
  return {
    rows: page,
    nextCursor: hasNext && last ? cursorOf('after', last) : null,
    prevCursor: hasPrev && first ? cursorOf('before', first) : null,
  };
}

/**
 * A list's total: counted (exact), the planner's estimate ("about 12,300"), or, where the count
 * stopped at its threshold and no estimate can be trusted, only that there are more rows than
 * `total` ("more than 1,000"; decision 097).
 */
export type ListTotal = { total: number; totalIsEstimate: boolean; totalIsLowerBound: boolean };

/**
 * Statistics this far over the threshold are trusted without counting. `reltuples` lags behind
 * the table (ANALYZE, VACUUM and index builds refresh it): for a table they put at twice the
 * threshold to be under it, it would have to have lost half its rows since.
 */
const trustedEstimateFactor = 2;

const counted = (total: number): ListTotal => ({
  total,
  totalIsEstimate: false,
  totalIsLowerBound: false,
});

/**
 * The total of a list counted past its threshold: the estimate where it is well over the
 * threshold (`trustedEstimateFactor`), else "more than the threshold". An estimate nearer the
 * threshold than that, or under what was counted, says only that the planner guessed: a search
 * for a common surname with 2,527 matches was estimated at 1,010.
 */
function beyondTheCount(estimate: number, exactCountLimit: number): ListTotal {
  if (estimate > exactCountLimit * trustedEstimateFactor)
    return { total: Math.round(estimate), totalIsEstimate: true, totalIsLowerBound: false };
  return { total: exactCountLimit, totalIsEstimate: true, totalIsLowerBound: true };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * How many rows a list has without scanning it: counted up to `exactCountLimit` (a count of a
 * `limit n + 1` subquery), and beyond it the planner's estimate, from `pg_class.reltuples` for a
 * whole table or from EXPLAIN's row estimate for a filtered one, when that is well over the
 * threshold; else "more than" the threshold (beyondTheCount).
 *
 * A whole table the statistics already put at well over the threshold is not counted at all
 * (decision 091): one statement reads `reltuples` and counts only when that is not the case, so
 * the list everyone opens first costs a catalogue lookup rather than reading 10,001 index entries.
 */
export async function countWithEstimate(
  db: Database,
  options: {
    /** The list's rows (any columns), filtered, without order or limit. */
    rows: () => SQLWrapper & { limit: (n: number) => SQLWrapper };
    /** The table's name, for an unfiltered list's estimate. */
    table: string;
    filtered: boolean;
    exactCountLimit: number;
  },
): Promise<ListTotal> {
  const bounded = () =>
    sql`select count(*)::int from (${options.rows().limit(options.exactCountLimit + 1)}) as counted`;
  if (!options.filtered)
    return countWholeTable(db, options.table, bounded, options.exactCountLimit);
  const answer = rowsOf<{ n: number | string }>(await db.execute(sql`select (${bounded()}) as n`));
  const exact = Number(answer[0]?.n ?? 0);
  if (exact <= options.exactCountLimit) return counted(exact);
  const plan = rowsOf<Record<string, unknown>>(
    await db.execute(sql`explain (format json) ${options.rows()}`),
  );
  return beyondTheCount(
    planRows(plan[0] ? Object.values(plan[0])[0] : undefined),
    options.exactCountLimit,
  );
}

type WholeTableCount = { n: number | string; estimate: number | string | null };
/**
 * The whole-table count statements, built once per handle for each table and threshold: the
 * list everyone opens first ran drizzle's query builder for it on every request (decision 100).
 */
const wholeTableCountOf = preparedPerShape<{ execute: () => Promise<WholeTableCount[]> }>();

/**
 * An unfiltered list's total in one statement: the table's `reltuples` (-1 when never analysed),
 * and the bounded count only when that is not well over the threshold. PostgreSQL evaluates a
 * CASE branch's subquery only when the branch is taken.
 */
async function countWholeTable(
  db: Database,
  table: string,
  bounded: () => SQL,
  exactCountLimit: number,
): Promise<ListTotal> {
  const trustedAbove = exactCountLimit * trustedEstimateFactor;
  const statement = wholeTableCountOf(db, `${table}|${exactCountLimit}`, () =>
    db
      .select({
        n: sql<
          number | string
        >`case when stats.estimate > ${trustedAbove} then -1 else (${bounded()}) end`,
        estimate: sql<number | string | null>`stats.estimate`,
      })
      .from(
        sql`(select coalesce((select reltuples::bigint from pg_class
                               where oid = to_regclass(${table})), -1) as estimate) as stats`,
      )
      .prepare(''),
  );
  const rows = await statement.execute();
  const exact = Number(rows[0]?.n ?? 0);
  if (exact >= 0 && exact <= exactCountLimit) return counted(exact);
  return beyondTheCount(Number(rows[0]?.estimate ?? -1), exactCountLimit);
}

/** "Plan Rows" of the top node of EXPLAIN (FORMAT JSON), as either engine answers it. */
function planRows(explained: unknown): number {
  const parsed: unknown = typeof explained === 'string' ? JSON.parse(explained) : explained;
  const top = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Plan Rows'?: number } }) : null;
  const rows = top?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? rows : 0;
}

/** A table a list pages: counted by its id, estimated by its name. */
type ListedTable = PgTable & { id: AnyPgColumn };

/**
 * One page of a list by keyset and its total, read at once: what every back-office list answers.
 * `fetch` reads the page as keysetPage describes; the total counts the table's rows in `where`.
 */
export async function listPage<Row extends { cursorKey: string }>(
  db: Database,
  paging: ListPaging,
  list: {
    name: string;
    keys: readonly KeyColumn[];
    table: ListedTable;
    where: SQL | undefined;
    /** Whether `where` holds a text search: counted exactly only up to the lower threshold. */
    searched?: boolean;
  },
  at: { pageSize: number; cursor?: string; page?: number },
  fetch: Parameters<typeof keysetPage<Row>>[1],
): Promise<{ rows: Row[]; nextCursor: string | null; prevCursor: string | null } & ListTotal> {
  const [page, total] = await Promise.all([
    keysetPage(
      {
        list: list.name,
        codec: paging.codec,
        keys: list.keys,
        descending: true,
        limit: at.pageSize,
        cursor: at.cursor,
        page: at.page,
      },
      fetch,
    ),
    countWithEstimate(db, {
      rows: () =>
        db
          .select({ id: list.table.id })
          .from(list.table as PgTable)
          .where(list.where)
          .$dynamic(),
      table: getTableName(list.table),
      filtered: list.where !== undefined,
      exactCountLimit: exactCountLimitOf(paging, list.searched ?? false),
    }),
  ]);
  return { ...page, ...total };
}
