import { z } from 'zod';

/**
 * Text that PostgreSQL and every screen can hold (issue 9). PostgreSQL refuses NUL in text, and
 * other invisible control characters only ever arrive from a careless client or an attacker.
 * Single-line text (names, addresses, references, search terms) refuses every control character;
 * multi-line text (notes, reasons) keeps tab and line breaks. Neither may hold a lone UTF-16
 * surrogate (issue 18): `"x\ud800y"` is valid JSON but not valid text for PostgreSQL's jsonb.
 */
export const textMessages = {
  controlCharacter: 'Remove the invisible control character from this text',
  lineBreak: 'Must be on one line (remove the line break or tab)',
  brokenCharacter: 'Remove the broken character from this text (half of an emoji or symbol)',
} as const;

// C0 controls except tab, line feed and carriage return; DEL; C1 controls.
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const lineBreaks = /[\t\n\r]/;
// Half of a UTF-16 surrogate pair: no character at all, and PostgreSQL refuses it in jsonb.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasControlCharacters(value: string) {
  return controlCharacters.test(value);
}

export function hasLoneSurrogate(value: string) {
  return loneSurrogate.test(value);
}

/** A string without control characters; chain `.trim()`, `.min()`, `.max()` as usual. */
export function safeText(options: { multiline?: boolean; error?: string; trim?: boolean } = {}) {
  const string = options.error ? z.string({ error: options.error }) : z.string();
  // No check aborts: a form's own refinements (the customer form's, run `when` a field is wrong)
  // must still run beside these. Trimmed first when asked, so a pasted trailing line break is
  // dropped rather than refused.
  const base = options.trim ? string.trim() : string;
  const checked = base
    .refine((value) => !controlCharacters.test(value), {
      message: textMessages.controlCharacter,
    })
    .refine((value) => !loneSurrogate.test(value), {
      message: textMessages.brokenCharacter,
    });
  return options.multiline
    ? checked
    : checked.refine((value) => !lineBreaks.test(value), {
        message: textMessages.lineBreak,
      });
}

/** Multi-line free text (notes, reasons): tab and line breaks allowed. */
export const multilineText = (options: { error?: string } = {}) =>
  safeText({ ...options, multiline: true });

/** A query-string search term: one line, trimmed, at most `max` characters. */
export const searchText = (max: number) => safeText().trim().max(max);
