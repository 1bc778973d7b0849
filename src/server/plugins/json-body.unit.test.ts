import { describe, expect, it } from 'vitest';
import { jsonNestingExceeds } from './json-body';

describe('JSON nesting depth', () => {
  it('counts arrays and objects, and stops past the limit', () => {
    expect(jsonNestingExceeds('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonNestingExceeds('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonNestingExceeds(`${'['.repeat(100_000)}`, 64)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestingExceeds('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(jsonNestingExceeds('{"a":"\\"[[[[","b":1}', 1)).toBe(false);
    expect(jsonNestingExceeds('["\\\\",[[1]]]', 2)).toBe(true);
  });
});
