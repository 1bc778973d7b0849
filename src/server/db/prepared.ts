import type { Database } from './client';

/**
 * A hot statement built once per database handle (decision 077): `build` makes it (usually
 * drizzle's `.prepare(name)` with placeholders), and each call then runs it with its values.
 * drizzle otherwise builds the SQL text from the query builder again on every call, which
 * costs more on the embedded database than a small statement's own work.
 */
export function preparedPerHandle<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
