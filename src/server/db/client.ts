import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  PGlite,
  types,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as tables from './tables';

export type Schema = typeof tables;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type QueryResult = { rows: Record<string, unknown>[] };

/** One open database, whichever engine is behind it. */
export type DatabaseHandle = {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** A parameterised statement. */
  query(text: string, values?: unknown[]): Promise<QueryResult>;
  /** Several statements without parameters; answers the last one's rows. */
  exec(text: string): Promise<QueryResult>;
  close(): Promise<void>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel`, from any connection or process, once its
   * transaction commits; `onLost` when notifications may no longer arrive (PostgreSQL: the
   * listening connection ended). `onNotify` receives the notification's payload. Answers a
   * function that stops listening.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onLost: () => void,
  ): Promise<() => Promise<void>>;
  /** The connection string, for tools that open their own pool (PostgreSQL only). */
  url?: string;
};

export type OpenOptions =
  | { databaseUrl: string; maxConnections?: number }
  | { dataDir: string | null /* null: in memory */ };

export class DataDirInUseError extends Error {
  code = 'DATA_DIR_IN_USE';
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.maxConnections);
  return openPglite(options.dataDir);
}

/**
 * The pool's default size (decision 088): five connections per core, 10 to 20. On the 2-core
 * machine of the bench, with 100 partners sending at once, 10 served the most orders a second
 * (5 left the cores idle while connections waited on round trips; 20 queued inside PostgreSQL).
 * The cap keeps several processes on one server within PostgreSQL's default 100 connections.
 */
export function defaultPoolSize(cores = os.availableParallelism()): number {
  return Math.min(20, Math.max(10, cores * 5));
}

async function openPostgres(url: string, max = defaultPoolSize()): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server ended (a restart, an administrator, a dropped database) is
  // dropped from the pool and the next query opens another; unheard, the error would end the
  // process.
  pool.on('error', () => undefined);
  // Fail now, with the server's own words, rather than on the first request.
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema: tables }) as unknown as Database;
  const listeners = new Set<pg.Client>();
  return {
    kind: 'postgres',
    db,
    url,
    query: async (text, values) => pool.query(text, values as unknown[]),
    exec: async (text) => {
      const result = (await pool.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return { rows: last?.rows ?? [] };
    },
    // Its own connection (LISTEN holds one), outside the pool.
    listen: async (channel, onNotify, onLost) => {
      const client = new pg.Client({ connectionString: url });
      let lost = false;
      const lose = () => {
        if (lost) return;
        lost = true;
        listeners.delete(client);
        onLost();
      };
      client.on('error', lose);
      client.on('end', lose);
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`listen "${channel.replaceAll('"', '""')}"`);
      } catch (error) {
        lost = true;
        await client.end().catch(() => undefined);
        throw error;
      }
      listeners.add(client);
      return async () => {
        lost = true;
        listeners.delete(client);
        await client.end();
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      await pool.end();
    },
  };
}

// drizzle asks PGlite for timestamps, dates, intervals and their arrays as text by passing its
// own parsers with every query, and PGlite then copies its whole table of some 320 parsers into a
// new object for that query: about 120 µs of CPU per statement, more than the guard's SQL costs
// itself. The client holds those parsers instead, drizzle's queries go through a view that no
// longer sends them, and the raw handle.query/exec convert those columns back as PGlite's
// defaults would, so both answer exactly as before (decision 089).
const identity = (value: string) => value;
/** Element type of each array type drizzle reads as text. */
const textArrayElements: Record<number, number> = {
  1231: 1700, // numeric[]
  1115: types.TIMESTAMP,
  1185: types.TIMESTAMPTZ,
  1187: types.INTERVAL,
  1182: types.DATE,
};
const textTypes: number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  ...Object.keys(textArrayElements).map(Number),
];
const textTypeSet = new Set(textTypes);
type Parser = (value: string, typeId: number) => unknown;

/** Makes the client answer drizzle's text types as text; answers the undo for raw results. */
function textColumnsParsedByDefault(client: PGlite) {
  const parsers = client.parsers as Record<number, Parser>;
  const defaults: Record<number, Parser | undefined> = {};
  for (const oid of textTypes) {
    defaults[oid] = parsers[oid];
    parsers[oid] = identity;
  }
  // PGlite's array parsers look their element parser up when called: now the text one.
  const deep = (value: unknown, parse: Parser, oid: number): unknown =>
    Array.isArray(value)
      ? value.map((item) => deep(item, parse, oid))
      : typeof value === 'string'
        ? parse(value, oid)
        : value;
  const parse = (value: string, oid: number): unknown => {
    const parser = defaults[oid];
    if (!parser) return value;
    const element = textArrayElements[oid];
    const parsed = parser(value, oid);
    const elementParser = element === undefined ? undefined : defaults[element];
    return elementParser && parsers[element!] === identity
      ? deep(parsed, elementParser, element!)
      : parsed;
  };
  return (result: Results<Record<string, unknown>>): Record<string, unknown>[] => {
    const columns = result.fields.filter((field) => textTypeSet.has(field.dataTypeID));
    if (columns.length === 0) return result.rows;
    for (const row of result.rows) {
      for (const { name, dataTypeID } of columns) {
        const value = row[name];
        if (typeof value === 'string') row[name] = parse(value, dataTypeID);
      }
    }
    return result.rows;
  };
}

/** Options without drizzle's parsers when the client already answers those types as text. */
function withoutTextParsers(options?: QueryOptions): QueryOptions | undefined {
  const given = options?.parsers;
  if (!given) return options;
  for (const oid of Object.keys(given)) if (!textTypeSet.has(Number(oid))) return options;
  const { parsers: _parsers, ...rest } = options;
  return rest;
}

type Queryable = Pick<Transaction, 'query'>;

/** The client as drizzle sees it: the same, minus the per-query parser copy. */
function drizzleView<T extends Queryable & { transaction?: PGlite['transaction'] }>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query') {
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          target.query(text, params, withoutTextParsers(options));
      }
      if (property === 'transaction' && target.transaction) {
        const transaction = target.transaction.bind(target);
        return <R>(callback: (tx: Transaction) => Promise<R>) =>
          transaction((tx) => callback(drizzleView(tx)));
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  const pgDir = dataDir ? path.join(dataDir, 'pg') : null;
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    if (pgDir) mkdirSync(pgDir, { recursive: true });
    client = await PGlite.create(pgDir ?? undefined, { extensions: { citext, pg_trgm } });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const asParsedByDefault = textColumnsParsedByDefault(client);
  const db = drizzlePglite({ client: drizzleView(client), schema: tables }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    query: async (text, values) => {
      const result = await client.query<Record<string, unknown>>(text, values as unknown[]);
      return { rows: asParsedByDefault(result) };
    },
    exec: async (text) => {
      const results = await client.exec(text);
      const last = results[results.length - 1];
      return { rows: last ? asParsedByDefault(last as Results<Record<string, unknown>>) : [] };
    },
    // In this process: a notification arrives before the statement that committed it answers.
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, (payload) => onNotify(payload ?? ''));
      return () => stop();
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

/**
 * PGlite runs inside this process, so two processes on one data folder would corrupt it.
 * A pid file keeps the second one out with a plain explanation.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'pglite.lock');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DataDirInUseError(
        `The data folder ${dataDir} is in use by another Uplink process (pid ${pid}). ` +
          'Stop the server first, or set DATABASE_URL to use a PostgreSQL server.',
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
