import { z } from 'zod';

/**
 * Text that PostgreSQL and every screen can hold (issue 9). PostgreSQL refuses NUL in text, and
 * other invisible control characters only ever arrive from a careless client or an attacker.
 * Single-line text (names, addresses, references, search terms) refuses every control character;
 * multi-line text (notes, reasons) keeps tab and line breaks.
 */
export const textMessages = {
  controlCharacter: 'Remove the invisible control character from this text',
  lineBreak: 'Must be on one line (remove the line break or tab)',
} as const;

// C0 controls except tab, line feed and carriage return; DEL; C1 controls.
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const lineBreaks = /[\t\n\r]/;

export function hasControlCharacters(value: string) {
  return controlCharacters.test(value);
}

/** A string without control characters; chain `.trim()`, `.min()`, `.max()` as usual. */
export function safeText(options: { multiline?: boolean; error?: string } = {}) {
  const base = options.error ? z.string({ error: options.error }) : z.string();
  const checked = base.refine((value) => !controlCharacters.test(value), {
    message: textMessages.controlCharacter,
    abort: true,
  });
  return options.multiline
    ? checked
    : checked.refine((value) => !lineBreaks.test(value), {
        message: textMessages.lineBreak,
        abort: true,
      });
}

/** Multi-line free text (notes, reasons): tab and line breaks allowed. */
export const multilineText = (options: { error?: string } = {}) =>
  safeText({ ...options, multiline: true });

/** A query-string search term: one line, trimmed, at most `max` characters. */
export const searchText = (max: number) => safeText().trim().max(max);
