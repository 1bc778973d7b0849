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

/**
 * Statements prepared once per database handle for each shape of a query (which filters are
 * given, the sort…; decisions 077 and 096): `statementOf(db, shape, build)` answers the one made
 * for that shape, and calls `build` only the first time. With `keep`, at most that many shapes
 * are held per handle, the least recently used dropped first.
 */
export function preparedPerShape<T>(
  keep = Number.POSITIVE_INFINITY,
): (db: Database, shape: string, build: () => T) => T {
  const built = new WeakMap<Database, Map<string, T>>();
  return (db, shape, build) => {
    let statements = built.get(db);
    if (!statements) {
      statements = new Map();
      built.set(db, statements);
    }
    let statement = statements.get(shape);
    if (statement === undefined) {
      statement = build();
      if (statements.size >= keep) statements.delete(statements.keys().next().value!);
    } else if (keep === Number.POSITIVE_INFINITY) {
      return statement;
    } else {
      // Most recently used last: the first is the one to drop.
      statements.delete(shape);
    }
    statements.set(shape, statement);
    return statement;
  };
}
