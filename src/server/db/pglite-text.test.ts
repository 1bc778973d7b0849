// Decision 093: PGlite's protocol reader is patched (patches/) to decode each text field from a
// view of the message rather than a copy of its bytes. The text must come out exactly as sent:
// multi-byte characters, empty strings and NULLs, in fields side by side, in many rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';

const samples = ['Ffion Hughes-Pryce', 'Zoë Ørsted', '', 'Bryn 🛰️ dish', 'a,b;"c"\\d', 'Łódź'];

describe('PGlite reads text exactly (decision 093)', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: null });
  });
  afterAll(() => handle.close());

  it('answers every field of many rows as written', async () => {
    const { rows } = await handle.query(
      `select n, i::int as i, s, s || '|' || s as twice, null::text as missing, length(s) as chars
         from generate_series(1, 500) n, unnest($1::text[]) with ordinality as u(s, i)
        order by n, i`,
      [samples],
    );
    expect(rows).toHaveLength(500 * samples.length);
    rows.forEach((row, index) => {
      const text = samples[index % samples.length]!;
      expect(row).toEqual({
        n: Math.floor(index / samples.length) + 1,
        i: (index % samples.length) + 1,
        s: text,
        twice: `${text}|${text}`,
        missing: null,
        chars: [...text].length,
      });
    });
  });
});
