// The database part of a backup: every application table's rows as JSON lines, in an order
// that satisfies the foreign keys, read in one snapshot; restored in one transaction by
// rebuilding the schema at the backup's migration, loading the rows, then migrating to now.
// Engine-independent (PGlite and PostgreSQL read and write the same files), decision 065.
import { createReadStream, createWriteStream } from 'node:fs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from '../../db/client';
import { migrationsFolder } from '../../db/migrate';

export type SchemaVersion = { tag: string; index: number; createdAt: number };

export type DumpedTable = { name: string; rows: number; file: string };

/**
 * Tables left out of every backup, each for a reason: sessions (a restore ends them all, and
 * a copy must not sign anyone in), idempotency replays (24 hours of answers, which can hold a
 * secret shown once, such as a new API key), rate-limit counters (minutes of state) and the
 * backup runs themselves.
 */
export const excludedTables = [
  'sessions',
  'idempotency_keys',
  'rate_limit_counters',
  'backup_runs',
] as const;

/**
 * Columns written differently into a backup: a message whose body holds a sign-in code or a
 * customer link is backed up with its body blanked (the outbox blanks it once delivered too).
 */
const redactions: Record<string, Record<string, string>> = {
  messages: { body: `case when "sensitive" then '' else "body" end` },
};

type Journal = { entries: { idx: number; when: number; tag: string }[] };

export function readJournal(): Journal['entries'] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  return journal.entries;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

async function all(db: Database | Tx, query: SQL) {
  return rowsOf(await db.execute(query));
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The last migration applied to this database, or null on an empty one. */
export async function schemaVersionOf(db: Database | Tx): Promise<SchemaVersion | null> {
  const exists = await all(db, sql`select to_regclass('drizzle.__drizzle_migrations') as t`);
  if (!exists[0]?.t) return null;
  const [last] = await all(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!last) return null;
  const createdAt = Number(last.created_at);
  const entry = readJournal().find((e) => e.when === createdAt);
  return entry
    ? { tag: entry.tag, index: entry.idx, createdAt }
    : { tag: 'unknown', index: -1, createdAt };
}

/** Application tables, parents before children (a table's foreign keys point backwards). */
async function tablesInOrder(db: Database | Tx): Promise<string[]> {
  const tables = (
    await all(db, sql`select tablename from pg_tables where schemaname = 'public' order by 1`)
  ).map((r) => String(r.tablename));
  const edges = await all(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
          from pg_constraint c
         where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
  );
  const strip = (name: string) => name.replace(/^public\./, '').replace(/^"|"$/g, '');
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const edge of edges) {
    const child = strip(String(edge.child));
    const parent = strip(String(edge.parent));
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)),
    );
    if (ready.length === 0) {
      const left = tables.filter((t) => !placed.has(t));
      throw new Error(`Foreign keys form a cycle between: ${left.join(', ')}`);
    }
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

async function columnsOf(db: Database | Tx, table: string) {
  const rows = await all(
    db,
    sql`select a.attname from pg_attribute a
         where a.attrelid = ${`public."${table}"`}::regclass and a.attnum > 0
           and not a.attisdropped and a.attgenerated = ''
         order by a.attnum`,
  );
  return rows.map((r) => String(r.attname));
}

async function orderColumnsOf(db: Database | Tx, table: string, columns: string[]) {
  const rows = await all(
    db,
    sql`select a.attname from pg_index i
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
         where i.indrelid = ${`public."${table}"`}::regclass and i.indisprimary`,
  );
  const keys = rows.map((r) => String(r.attname));
  return keys.length > 0 ? keys : columns;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

const batchSize = 2000;

/**
 * Writes each table's rows as one JSON object per line to `folder/<table>.ndjson`, all read
 * in one repeatable-read snapshot. Answers the tables in restore order, with their row counts.
 */
export async function dumpDatabase(
  db: Database,
  folder: string,
  onTable: (done: number, total: number, table: string) => Promise<void> | void,
): Promise<{ version: SchemaVersion; tables: DumpedTable[]; sequences: Record<string, number> }> {
  return db.transaction(
    async (tx) => {
      const version = await schemaVersionOf(tx);
      if (!version) throw new Error('The database has no migrations applied');
      const tables = (await tablesInOrder(tx)).filter(
        (t) => !(excludedTables as readonly string[]).includes(t),
      );
      const dumped: DumpedTable[] = [];
      for (const [index, table] of tables.entries()) {
        await onTable(index, tables.length, table);
        const columns = await columnsOf(tx, table);
        const order = await orderColumnsOf(tx, table, columns);
        const select = columns
          .map((c) => {
            const expression = redactions[table]?.[c];
            return expression ? `${expression} as ${ident(c)}` : ident(c);
          })
          .join(', ');
        const file = `${table}.ndjson`;
        const out = createWriteStream(path.join(folder, file));
        let rows = 0;
        for (let offset = 0; ; offset += batchSize) {
          const batch = await all(
            tx,
            sql.raw(
              `select row_to_json(t)::text as line from (select ${select} from public.${ident(table)}
                order by ${order.map(ident).join(', ')} limit ${batchSize} offset ${offset}) t`,
            ),
          );
          for (const row of batch) {
            if (!out.write(`${String(row.line)}\n`)) await once(out, 'drain');
          }
          rows += batch.length;
          if (batch.length < batchSize) break;
        }
        await new Promise<void>((resolve, reject) => out.end(() => resolve()).on('error', reject));
        dumped.push({ name: table, rows, file });
      }
      const sequences: Record<string, number> = {};
      for (const row of await all(
        tx,
        sql`select sequencename, last_value from pg_sequences
             where schemaname = 'public' and last_value is not null`,
      )) {
        sequences[String(row.sequencename)] = Number(row.last_value);
      }
      return { version, tables: dumped, sequences };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Drops every application object (tables, views, sequences, functions, types) and the migration log. */
const dropApplicationObjects = `
do $$
declare r record;
begin
  for r in select c.relname from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm')
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e') loop
    execute format('drop view if exists public.%I cascade', r.relname);
  end loop;
  for r in select c.relname from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e') loop
    execute format('drop table if exists public.%I cascade', r.relname);
  end loop;
  for r in select c.relname from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'S'
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e') loop
    execute format('drop sequence if exists public.%I cascade', r.relname);
  end loop;
  for r in select p.oid::regprocedure as signature from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p')
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') loop
    execute format('drop routine if exists %s cascade', r.signature);
  end loop;
  for r in select t.typname from pg_type t
      where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd', 'c')
        and (t.typtype <> 'c' or (select relkind from pg_class where oid = t.typrelid) = 'c')
        and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e') loop
    execute format('drop type if exists public.%I cascade', r.typname);
  end loop;
end $$`;

async function* readLines(file: string) {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) if (line) yield line;
}

/**
 * Replaces the whole database with the backup's rows, in one transaction (a failure leaves the
 * database as it was): the schema rebuilt at the backup's migration, the rows loaded, sequences
 * set, then the migrations since applied, so an older backup arrives at today's schema.
 */
export async function restoreDatabase(
  db: Database,
  folder: string,
  backup: { version: SchemaVersion; tables: DumpedTable[]; sequences: Record<string, number> },
  onTable: (done: number, total: number, table: string) => Promise<void> | void,
): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  if (!migrations.some((m) => m.folderMillis === backup.version.createdAt)) {
    throw new Error(
      `This backup was made at schema version ${backup.version.tag}, which this version of Uplink does not know; update Uplink first`,
    );
  }
  const applyMigrations = async (tx: Tx, which: typeof migrations) => {
    for (const migration of which) {
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at)
            values (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw('create extension if not exists citext'));
    await tx.execute(sql.raw('create extension if not exists pg_trgm'));
    await tx.execute(sql.raw(dropApplicationObjects));
    await tx.execute(sql.raw('drop schema if exists drizzle cascade'));
    await tx.execute(sql.raw('create schema drizzle'));
    await tx.execute(
      sql.raw(
        'create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
      ),
    );
    await applyMigrations(
      tx,
      migrations.filter((m) => m.folderMillis <= backup.version.createdAt),
    );

    for (const [index, table] of backup.tables.entries()) {
      await onTable(index, backup.tables.length, table.name);
      const columns = (await columnsOf(tx, table.name)).map(ident).join(', ');
      const target = `public.${ident(table.name)}`;
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await tx.execute(
          sql`${sql.raw(`insert into ${target} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${target},`)} ${`[${batch.join(',')}]`}::json)`,
        );
        batch = [];
      };
      for await (const line of readLines(path.join(folder, table.file))) {
        batch.push(line);
        if (batch.length >= batchSize) await flush();
      }
      await flush();
    }
    for (const [sequence, value] of Object.entries(backup.sequences)) {
      await tx.execute(sql`select setval(${`public."${sequence}"`}::regclass, ${value})`);
    }

    await applyMigrations(
      tx,
      migrations.filter((m) => m.folderMillis > backup.version.createdAt),
    );
  });
}

/** Applies migrations only up to `createdAt` (tests: a database as an older version left it). */
export async function migrateUpTo(db: Database, createdAt: number): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder }).filter(
    (m) => m.folderMillis <= createdAt,
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw('create extension if not exists citext'));
    await tx.execute(sql.raw('create extension if not exists pg_trgm'));
    await tx.execute(sql.raw('create schema if not exists drizzle'));
    await tx.execute(
      sql.raw(
        'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
      ),
    );
    for (const migration of migrations) {
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at)
            values (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  });
}
