import { describe, expect, it } from 'vitest';
import type { Database } from './client';
import { preparedPerHandle } from './prepared';

describe('preparedPerHandle', () => {
  it('builds a statement once per handle and answers the same one after', () => {
    const built: object[] = [];
    const statementOf = preparedPerHandle((db) => {
      built.push(db);
      return { db };
    });
    const one = {} as Database;
    const other = {} as Database;
    const first = statementOf(one);
    expect(statementOf(one)).toBe(first);
    expect(statementOf(other)).not.toBe(first);
    expect(statementOf(other).db).toBe(other);
    expect(built).toEqual([one, other]);
  });
});
