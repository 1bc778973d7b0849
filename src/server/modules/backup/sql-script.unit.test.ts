import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sqlStatements, statementSplitter } from './sql-script';

async function statementsOf(script: string) {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'sql-script-')), 'dump.sql');
  await writeFile(file, script);
  const found: string[] = [];
  for await (const statement of sqlStatements(file)) found.push(statement);
  return found;
}

describe('reading a plain SQL dump statement by statement', () => {
  it('skips comments and psql meta-commands and splits at semicolons outside quotes', async () => {
    const script = [
      '--',
      '-- PostgreSQL database dump',
      '--',
      '',
      '\\restrict abc123',
      'SET statement_timeout = 0;',
      "SELECT pg_catalog.set_config('search_path', '', false);",
      '',
      'INSERT INTO public.notes (id, body, "odd;name") VALUES',
      "\t(1, 'a; b -- not a comment', 'it''s;'),",
      "\t(2, E'back\\\\slash \\' quote;', '/* not a comment */'),",
      "\t(3, 'two\r\nlines;\nthree', NULL); -- a comment after",
      '/* a block',
      '   comment; */',
      "SELECT pg_catalog.setval('public.notes_id_seq', 3, true);",
      '\\unrestrict abc123',
      '',
    ].join('\n');
    expect(await statementsOf(script)).toEqual([
      'SET statement_timeout = 0;',
      "SELECT pg_catalog.set_config('search_path', '', false);",
      [
        'INSERT INTO public.notes (id, body, "odd;name") VALUES',
        "\t(1, 'a; b -- not a comment', 'it''s;'),",
        "\t(2, E'back\\\\slash \\' quote;', '/* not a comment */'),",
        "\t(3, 'two\r\nlines;\nthree', NULL);",
      ].join('\n'),
      "SELECT pg_catalog.setval('public.notes_id_seq', 3, true);",
    ]);
  });

  it('keeps state across lines fed one at a time and answers a last statement without its semicolon', () => {
    const splitter = statementSplitter();
    expect(splitter.line("INSERT INTO public.t (a) VALUES ('x\n")).toEqual([]);
    expect(splitter.line("y;'); SELECT 1;\n")).toEqual([
      "INSERT INTO public.t (a) VALUES ('x\ny;');",
      'SELECT 1;',
    ]);
    expect(splitter.line('SELECT 2')).toEqual([]);
    expect(splitter.end()).toBe('SELECT 2');
  });
});
