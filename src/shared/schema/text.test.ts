import { describe, expect, it } from 'vitest';
import { multilineText, safeText, searchText, textMessages } from './text';

describe('safe text', () => {
  it('refuses NUL and other control characters with a plain message', () => {
    for (const value of ['a\u0000b', '\u0007', 'x\u001Fy', 'del\u007F', 'c1\u0085']) {
      const result = safeText().safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(textMessages.controlCharacter);
      expect(multilineText().safeParse(value).success).toBe(false);
    }
  });

  it('keeps one-line text on one line, and lets notes have line breaks and tabs', () => {
    expect(safeText().safeParse('line\nbreak').error?.issues[0]?.message).toBe(
      textMessages.lineBreak,
    );
    expect(multilineText().safeParse('line\r\nbreak\tand tab').success).toBe(true);
  });

  it('refuses half of a surrogate pair, and keeps whole emoji', () => {
    for (const value of ['x\ud800y', 'end\udbff', '\udc00start', 'rev\udc00\ud800']) {
      const result = multilineText().safeParse(value);
      expect(result.error?.issues[0]?.message).toBe(textMessages.brokenCharacter);
      expect(safeText().safeParse(value).success).toBe(false);
    }
    expect(safeText().parse('dish 📡 fitted')).toBe('dish 📡 fitted');
  });

  it('accepts ordinary text of any script, and chains trim and max', () => {
    expect(safeText().parse('Zoë O’Brien – 東京')).toBe('Zoë O’Brien – 東京');
    expect(searchText(5).parse('  abc  ')).toBe('abc');
    expect(searchText(2).safeParse('abc').success).toBe(false);
  });
});
