// Decision 095: drizzle's row mapper is patched (patches/) to plan each query's columns once
// rather than look up every field's decoder for every row. Its answers must stay exactly what
// drizzle answered before: decoded values, nested selections, and a left-joined table with no row
// answered as null (but not a nested selection whose columns come from several tables).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { openDatabase, type DatabaseHandle } from './client';

const owners = pgTable('mapping_owners', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
});
const things = pgTable('mapping_things', {
  id: uuid('id').primaryKey(),
  label: text('label').notNull(),
  count: integer('count').notNull(),
  ownerId: uuid('owner_id'),
  madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
});

const ownerId = '00000000-0000-4000-8000-000000000001';
const ownedId = '00000000-0000-4000-8000-0000000000a1';
const strayId = '00000000-0000-4000-8000-0000000000a2';
const madeAt = new Date('2026-11-27T09:30:15.123Z');

describe("drizzle's row mapping (decision 095)", () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: null });
    await handle.exec(`
      create table mapping_owners (id uuid primary key, name text not null);
      create table mapping_things (id uuid primary key, label text not null, count int not null,
        owner_id uuid, made_at timestamptz not null);
      insert into mapping_owners values ('${ownerId}', 'Sam Penrose');
      insert into mapping_things values
        ('${ownedId}', 'Dish', 3, '${ownerId}', '${madeAt.toISOString()}'),
        ('${strayId}', 'Router', 0, null, '${madeAt.toISOString()}');`);
  });
  afterAll(() => handle.close());

  const query = () =>
    handle.db
      .select({
        thing: things,
        owner: owners,
        ownerName: { name: owners.name },
        mixed: { label: things.label, name: owners.name },
        total: sql<number>`${things.count} * 2`.mapWith(Number),
        raw: sql<string>`'as sent'`,
      })
      .from(things)
      .leftJoin(owners, eq(owners.id, things.ownerId))
      .orderBy(things.label);

  const expected = [
    {
      thing: { id: ownedId, label: 'Dish', count: 3, ownerId, madeAt },
      owner: { id: ownerId, name: 'Sam Penrose' },
      ownerName: { name: 'Sam Penrose' },
      mixed: { label: 'Dish', name: 'Sam Penrose' },
      total: 6,
      raw: 'as sent',
    },
    {
      thing: { id: strayId, label: 'Router', count: 0, ownerId: null, madeAt },
      owner: null,
      ownerName: null,
      mixed: { label: 'Router', name: null },
      total: 0,
      raw: 'as sent',
    },
  ];

  it('decodes, nests, and answers a left-joined table with no row as null', async () => {
    expect(await query()).toEqual(expected);
  });

  it('answers the same from a prepared statement run again (its plan kept)', async () => {
    const statement = query().prepare('mapping_things_owners');
    expect(await statement.execute()).toEqual(expected);
    expect(await statement.execute()).toEqual(expected);
  });

  it('keeps an inner-joined table whole', async () => {
    const rows = await handle.db
      .select({ label: things.label, owner: owners })
      .from(things)
      .innerJoin(owners, eq(owners.id, things.ownerId));
    expect(rows).toEqual([{ label: 'Dish', owner: { id: ownerId, name: 'Sam Penrose' } }]);
  });
});
