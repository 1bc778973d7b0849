import { describe, expect, it } from 'vitest';
import type { Database } from './client';
import { preparedPerHandle, preparedPerShape } from './prepared';

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

describe('preparedPerShape', () => {
  it('builds a statement once per handle and shape', () => {
    const statementOf = preparedPerShape<string>();
    const one = {} as Database;
    const other = {} as Database;
    let builds = 0;
    const build = (text: string) => () => {
      builds += 1;
      return text;
    };
    expect(statementOf(one, 'a', build('one a'))).toBe('one a');
    expect(statementOf(one, 'a', build('again'))).toBe('one a');
    expect(statementOf(one, 'b', build('one b'))).toBe('one b');
    expect(statementOf(other, 'a', build('other a'))).toBe('other a');
    expect(builds).toBe(3);
  });

  it('keeps the most recently used shapes when bounded', () => {
    const statementOf = preparedPerShape<string>(2);
    const db = {} as Database;
    const built: string[] = [];
    const build = (shape: string) => () => {
      built.push(shape);
      return shape;
    };
    statementOf(db, 'a', build('a'));
    statementOf(db, 'b', build('b'));
    statementOf(db, 'a', build('a')); // a is now the most recent
    statementOf(db, 'c', build('c')); // drops b
    statementOf(db, 'a', build('a'));
    statementOf(db, 'b', build('b'));
    expect(built).toEqual(['a', 'b', 'c', 'b']);
  });
});
