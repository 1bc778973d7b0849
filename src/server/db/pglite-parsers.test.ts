// Decision 089: drizzle's queries on PGlite no longer send their text parsers with every
// statement (the client holds them); the raw handle.query/exec still answer every type exactly
// as PGlite does by default, and drizzle still reads timestamps, dates and intervals as text.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';

const at = `'2024-05-06 07:08:09.123456+00'::timestamptz`;
const day = `'2024-05-06'::date`;
const everyType = `select ${at}::timestamp as ts, ${at} as tstz, '1 day 2 hours'::interval as iv,
  ${day} as d, 1.50::numeric as n, array[${at}::timestamp, null] as ts_list,
  array[${at}, ${at}] as tstz_list, array['1 day'::interval] as iv_list,
  array[${day}, null] as d_list, array[1.5::numeric, null] as n_list,
  array[array[${at}]] as nested, null::timestamptz as missing, 'x'::text as t, 7 as i`;

describe('PGlite answers as before (decision 089)', () => {
  let handle: DatabaseHandle;
  let stock: PGlite;

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: null });
    stock = await PGlite.create();
  });
  afterAll(async () => {
    await handle.close();
    await stock.close();
  });

  it('gives raw queries the default parsing: Dates, parsed arrays', async () => {
    const expected = (await stock.query(everyType)).rows;
    const { rows } = await handle.query(everyType);
    expect(rows).toEqual(expected);
    expect(rows[0]!.tstz).toBeInstanceOf(Date);
    expect(rows[0]!.d_list).toEqual([new Date('2024-05-06T00:00:00.000Z'), null]);
    expect((await handle.exec(everyType)).rows).toEqual(expected);
  });

  it('gives drizzle the text it asks for, in and out of a transaction', async () => {
    const expected = (await drizzle(stock).execute(sql.raw(everyType))).rows as Record<
      string,
      unknown
    >[];
    expect(expected[0]!.tstz).toBe('2024-05-06 07:08:09.123456+00');
    const outside = (await handle.db.execute(sql.raw(everyType))) as { rows: unknown[] };
    expect(outside.rows).toEqual(expected);
    const inTransaction = (await handle.db.transaction((tx) => tx.execute(sql.raw(everyType)))) as {
      rows: unknown[];
    };
    expect(inTransaction.rows).toEqual(expected);
  });
});
