// The database part of a backup: a data-only dump in pg_dump's plain SQL format (every
// application table's rows as INSERTs, parents first, then the sequences), read in one
// snapshot; restored in one transaction by rebuilding the schema at the backup's migration,
// running the dump, then migrating to now. Engine-independent (PGlite and PostgreSQL write
// and read the same script), decisions 065 and 075.
import { createReadStream, createWriteStream } from 'node:fs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from '../../db/client';
import { migrationsFolder } from '../../db/migrate';
import { sqlStatements } from './sql-script';

export type SchemaVersion = { tag: string; index: number; createdAt: number };

export type DumpedTable = { name: string; rows: number };

/**
 * Tables left out of every backup, each for a reason: sessions (a restore ends them all, and
 * a copy must not sign anyone in), idempotency replays (24 hours of answers, which can hold a
 * secret shown once, such as a new API key), rate-limit counters (minutes of state), the
 * backup runs themselves, Xero's connect states (bound to a session, ten minutes) and call
 * counts (minutes of state), and the report facts (decision 077: the order events' own, worked
 * out again once a restore has loaded the rows). Xero's tokens are backed up, as ciphertext only
 * (decision 078).
 */
export const excludedTables = [
  'sessions',
  'idempotency_keys',
  'rate_limit_counters',
  'backup_runs',
  'xero_oauth_states',
  'xero_call_counts',
  'report_facts',
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

/** Rows per INSERT statement (pg_dump's --rows-per-insert). */
const rowsPerInsert = 1000;

/** Types pg_dump writes without quotes; every other value is a quoted literal. */
const unquotedTypes = new Set(['smallint', 'integer', 'bigint', 'boolean', 'oid']);

/** Tells how a backup's database.sql was made: pg_dump's plain format with these options. */
export const dumpOptions = `--data-only --column-inserts --rows-per-insert=${rowsPerInsert}`;

const scriptHeader = (serverVersion: string, dumpedBy: string, version: SchemaVersion) =>
  `--
-- PostgreSQL database dump
--

-- Dumped from database version ${serverVersion}
-- Dumped by ${dumpedBy} (the plain format of pg_dump ${dumpOptions})
-- Schema version: ${version.tag} (load onto a database migrated to it)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;
`;

const scriptFooter = `
--
-- PostgreSQL database dump complete
--

`;

/** Writes to a file stream, waiting when its buffer is full. */
function writerOf(file: string) {
  const out = createWriteStream(file);
  let failed: Error | null = null;
  out.on('error', (error) => {
    failed = error;
  });
  return {
    async write(text: string) {
      if (failed) throw failed;
      if (!out.write(text)) await once(out, 'drain');
    },
    end: () =>
      new Promise<void>((resolve, reject) => {
        if (failed) return reject(failed);
        out.end(() => resolve());
      }),
    destroy: () => out.destroy(),
  };
}

/**
 * Writes the database as pg_dump's plain SQL format (data only, one INSERT with column names
 * per `rowsPerInsert` rows, the sequences set at the end) to `file`, every value's literal
 * made by PostgreSQL itself, all read in one repeatable-read snapshot. Answers the tables in
 * restore order (parents first), with their row counts.
 */
export async function dumpDatabase(
  db: Database,
  file: string,
  dumpedBy: string,
  onTable: (done: number, total: number, table: string) => Promise<void> | void,
): Promise<{ version: SchemaVersion; tables: DumpedTable[] }> {
  const out = writerOf(file);
  try {
    const result = await db.transaction(
      async (tx) => {
        // Text forms that read back exactly, whatever the server's defaults (as pg_dump sets).
        await tx.execute(sql.raw(`set local datestyle = 'ISO'`));
        await tx.execute(sql.raw(`set local intervalstyle = 'postgres'`));
        await tx.execute(sql.raw(`set local extra_float_digits = 3`));
        await tx.execute(sql.raw(`set local timezone = 'UTC'`));
        const version = await schemaVersionOf(tx);
        if (!version) throw new Error('The database has no migrations applied');
        const [server] = await all(tx, sql`select current_setting('server_version') as v`);
        await out.write(scriptHeader(String(server!.v), dumpedBy, version));
        const tables = (await tablesInOrder(tx)).filter(
          (t) => !(excludedTables as readonly string[]).includes(t),
        );
        const dumped: DumpedTable[] = [];
        for (const [index, table] of tables.entries()) {
          await onTable(index, tables.length, table);
          dumped.push({ name: table, rows: await dumpTable(tx, table, out.write) });
        }
        await out.write(await sequencesScript(tx));
        await out.write(scriptFooter);
        return { version, tables: dumped };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await out.end();
    return result;
  } catch (error) {
    out.destroy();
    throw error;
  }
}

async function dumpTable(tx: Tx, table: string, write: (text: string) => Promise<void>) {
  const columns = await all(
    tx,
    sql`select a.attname as name, quote_ident(a.attname) as quoted,
               format_type(a.atttypid, null) as type, a.attidentity as identity
          from pg_attribute a
         where a.attrelid = ${`public."${table}"`}::regclass and a.attnum > 0
           and not a.attisdropped and a.attgenerated = ''
         order by a.attnum`,
  );
  const names = columns.map((c) => String(c.name));
  const order = await orderColumnsOf(tx, table, names);
  const literal = columns
    .map((c) => {
      const name = String(c.name);
      const value = redactions[table]?.[name] ?? ident(name);
      return unquotedTypes.has(String(c.type))
        ? `coalesce((${value})::text, 'NULL')`
        : `quote_nullable(${value})`;
    })
    .join(` || ', ' || `);
  const [quotedTable] = await all(tx, sql`select quote_ident(${table}) as q`);
  const override = columns.some((c) => c.identity === 'a') ? ' OVERRIDING SYSTEM VALUE' : '';
  const insert = `INSERT INTO public.${String(quotedTable!.q)} (${columns
    .map((c) => String(c.quoted))
    .join(', ')})${override} VALUES\n\t`;
  await write(
    `\n--\n-- Data for Name: ${table}; Type: TABLE DATA; Schema: public; Owner: -\n--\n\n`,
  );
  await tx.execute(
    sql.raw(
      `declare backup_rows no scroll cursor for
         select '(' || ${literal} || ')' as row from public.${ident(table)} t
          order by ${order.map(ident).join(', ')}`,
    ),
  );
  let rows = 0;
  for (;;) {
    const batch = await all(tx, sql.raw(`fetch ${rowsPerInsert} from backup_rows`));
    if (batch.length > 0) {
      await write(`${insert}${batch.map((r) => String(r.row)).join(',\n\t')};\n`);
    }
    rows += batch.length;
    if (batch.length < rowsPerInsert) break;
  }
  await tx.execute(sql.raw('close backup_rows'));
  if (rows > 0) await write('\n');
  return rows;
}

/** pg_dump's SEQUENCE SET entries: each sequence's value, or its start if never used. */
async function sequencesScript(tx: Tx) {
  const rows = await all(
    tx,
    sql`select sequencename as name,
               format('SELECT pg_catalog.setval(%L, %s, %s);',
                      'public.' || quote_ident(sequencename),
                      coalesce(last_value, start_value),
                      case when last_value is null then 'false' else 'true' end) as line
          from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  return rows
    .map(
      (r) =>
        `\n--\n-- Name: ${String(r.name)}; Type: SEQUENCE SET; Schema: public; Owner: -\n--\n\n${String(r.line)}\n`,
    )
    .join('');
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

/** The rows a backup holds: its database.sql, or (backups made before decision 075) JSON lines. */
export type BackupData =
  | { format: 'sql'; file: string }
  | {
      format: 'ndjson';
      folder: string;
      tables: { name: string; file: string }[];
      sequences: Record<string, number>;
    };

/** Statements a data-only dump holds; anything else in database.sql refuses the restore. */
const dumpStatement =
  /^(SET\s|SELECT pg_catalog\.set_config\(|INSERT INTO public\.|SELECT pg_catalog\.setval\()/i;

/** Runs a backup's database.sql in `tx`, telling which table it is at. */
async function loadScript(
  tx: Tx,
  file: string,
  tables: string[],
  onTable: (done: number, total: number, table: string) => Promise<void> | void,
) {
  // The script's SET lines outlast the transaction: each setting is put back once it has run
  // (a failure rolls them back with the rest).
  const saved = new Map<string, string>();
  let current = '';
  for await (const statement of sqlStatements(file)) {
    if (!dumpStatement.test(statement)) {
      throw new Error(
        `The backup's database.sql holds a statement a data dump does not: ${statement.slice(0, 80)}`,
      );
    }
    const setting =
      /^SET\s+([a-z_]+)/i.exec(statement)?.[1] ??
      /^SELECT pg_catalog\.set_config\('([a-z_]+)'/i.exec(statement)?.[1];
    if (setting && !saved.has(setting.toLowerCase())) {
      const [row] = await all(tx, sql`select current_setting(${setting}) as v`);
      saved.set(setting.toLowerCase(), String(row!.v));
    }
    const table = /^INSERT INTO public\.("(?:[^"]|"")+"|[^\s(]+)/i.exec(statement)?.[1];
    if (table && table !== current) {
      current = table;
      const name = table.startsWith('"') ? table.slice(1, -1).replaceAll('""', '"') : table;
      await onTable(Math.max(0, tables.indexOf(name)), tables.length, name);
    }
    await tx.execute(sql.raw(statement));
  }
  for (const [name, value] of saved) {
    await tx.execute(sql`select set_config(${name}, ${value}, false)`);
  }
}

async function* readLines(file: string) {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) if (line) yield line;
}

/** Loads JSON-lines tables, the format of backups made before decision 075. */
async function loadJsonLines(
  tx: Tx,
  data: Extract<BackupData, { format: 'ndjson' }>,
  onTable: (done: number, total: number, table: string) => Promise<void> | void,
) {
  const batchSize = 2000;
  for (const [index, table] of data.tables.entries()) {
    await onTable(index, data.tables.length, table.name);
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
    for await (const line of readLines(path.join(data.folder, table.file))) {
      batch.push(line);
      if (batch.length >= batchSize) await flush();
    }
    await flush();
  }
  for (const [sequence, value] of Object.entries(data.sequences)) {
    await tx.execute(sql`select setval(${`public."${sequence}"`}::regclass, ${value})`);
  }
}

/**
 * Replaces the whole database with the backup's rows, in one transaction (a failure leaves the
 * database as it was): the schema rebuilt at the backup's migration, the rows loaded (the
 * backup's database.sql run statement by statement) and counted against the manifest, then
 * the migrations since applied, so an older backup arrives at today's schema.
 */
export async function restoreDatabase(
  db: Database,
  backup: { version: SchemaVersion; tables: DumpedTable[]; data: BackupData },
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

    if (backup.data.format === 'sql') {
      const names = backup.tables.map((t) => t.name);
      await loadScript(tx, backup.data.file, names, onTable);
    } else {
      await loadJsonLines(tx, backup.data, onTable);
    }
    // The facts the loaded events' trigger wrote saw the tables half loaded: all again, now.
    const [facts] = await all(
      tx,
      sql`select to_regprocedure('public.report_facts_rebuild()') is not null as present`,
    );
    if (facts?.present) await tx.execute(sql.raw('select public.report_facts_rebuild()'));
    for (const table of backup.tables) {
      const [row] = await all(
        tx,
        sql.raw(`select count(*)::int as n from public.${ident(table.name)}`),
      );
      if (Number(row!.n) !== table.rows) {
        throw new Error(
          `The backup lists ${table.rows} rows for ${table.name} but its data holds ${Number(row!.n)}`,
        );
      }
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
