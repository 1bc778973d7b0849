// Reads a plain SQL script (pg_dump's plain format, as a backup's database.sql holds) one
// statement at a time, streaming line by line: comments and psql meta-command lines (`\…`)
// are skipped, and a `;` ends a statement only outside quotes. Knows the quoting pg_dump's
// data output uses: '…' with '' inside (standard_conforming_strings on), E'…' with backslash
// escapes, "…" identifiers, -- and /* */ comments. Dollar quoting (function bodies) is not
// read: a data-only dump has none.
import { createReadStream } from 'node:fs';

type State = 'code' | 'string' | 'escape-string' | 'identifier' | 'block-comment';

const identifierChar = /[A-Za-z0-9_$]/;

/** Splits a script into statements; feed it lines (each with its own '\n'). */
export function statementSplitter() {
  let state: State = 'code';
  let statement = '';
  return {
    /** The statements this line ends. */
    line(line: string): string[] {
      const done: string[] = [];
      if (state === 'code' && statement.trim() === '' && line.trimStart().startsWith('\\')) {
        return done; // a psql meta-command, such as pg_dump's \restrict
      }
      let start = 0;
      for (let i = 0; i < line.length; i += 1) {
        const c = line[i]!;
        if (state === 'code') {
          if (c === '-' && line[i + 1] === '-') {
            statement += line.slice(start, i);
            start = line.length;
            break;
          } else if (c === '/' && line[i + 1] === '*') {
            statement += line.slice(start, i);
            state = 'block-comment';
            i += 1;
          } else if (c === "'") {
            const before = line[i - 1] ?? '';
            const escaped =
              (before === 'E' || before === 'e') && !identifierChar.test(line[i - 2] ?? '');
            state = escaped ? 'escape-string' : 'string';
          } else if (c === '"') {
            state = 'identifier';
          } else if (c === ';') {
            statement += line.slice(start, i + 1);
            start = i + 1;
            const text = statement.trim();
            statement = '';
            if (text !== ';') done.push(text);
          }
        } else if (state === 'string') {
          if (c === "'") state = 'code'; // '' reads as an end and a new start: the same
        } else if (state === 'escape-string') {
          if (c === '\\') i += 1;
          else if (c === "'") state = 'code';
        } else if (state === 'identifier') {
          if (c === '"') state = 'code';
        } else if (c === '*' && line[i + 1] === '/') {
          state = 'code';
          i += 1;
          start = i + 1;
        }
      }
      if (state !== 'block-comment') statement += line.slice(start);
      return done;
    },
    /** What is left when the script ends (a last statement without its `;`). */
    end(): string | null {
      const text = statement.trim();
      statement = '';
      return text || null;
    },
  };
}

/** The statements of the script in `file`, read as a stream. */
export async function* sqlStatements(file: string): AsyncGenerator<string> {
  const splitter = statementSplitter();
  let pending = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    pending += chunk as string;
    let from = 0;
    for (let newline = pending.indexOf('\n'); newline !== -1; ) {
      yield* splitter.line(pending.slice(from, newline + 1));
      from = newline + 1;
      newline = pending.indexOf('\n', from);
    }
    pending = pending.slice(from);
  }
  if (pending) yield* splitter.line(pending);
  const last = splitter.end();
  if (last) yield last;
}
