import { z } from 'zod';
import { safeText } from './text';

// Paging every back-office list shares (issue 23, decision 085): keyset cursors for Next and
// Previous, a bounded offset only where someone asks for page N, and a total that is exact up to
// a threshold and estimated beyond it.

export const pagingMessages = {
  invalidCursor: 'That page cursor is not one we gave out: start again from the first page',
  /** The deepest offset a page number may reach; beyond it, Next/Previous or narrower filters. */
  tooFar: (maxOffset: number) =>
    `Pages beyond the first ${maxOffset.toLocaleString('en-GB')} rows cannot be opened by number: narrow the filters (or use Next from an earlier page)`,
} as const;

/** The most rows a page number may skip (page × page size). */
export const maxPageOffset = 10_000;

/** The query fields of a list paged by cursor (`cursor` is the nextCursor or prevCursor given). */
export const cursorQuery = {
  cursor: safeText().max(1000).optional(),
};

/** The response fields of a list paged by cursor, beside its items. */
export const cursorPageFields = {
  /** Opens the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Opens the page before this one; null on the first page. */
  prevCursor: z.string().nullable(),
  /** The total is the planner's estimate (above the exact-count threshold), not a count. */
  totalIsEstimate: z.boolean(),
  /**
   * The count stopped at its threshold and no estimate could be trusted: there are more rows than
   * `total` ("more than 1,000"). `totalIsEstimate` is then true too.
   */
  totalIsLowerBound: z.boolean(),
};
export type CursorPageFields = {
  nextCursor: string | null;
  prevCursor: string | null;
  totalIsEstimate: boolean;
  totalIsLowerBound: boolean;
};

/** A total for a heading or footer: "12 orders", or "about 12,300 orders" when estimated. */
export function totalWords(
  total: number,
  estimate: boolean,
  noun: { one: string; many: string },
  lowerBound = false,
): string {
  if (!estimate) return `${total.toLocaleString('en-GB')} ${total === 1 ? noun.one : noun.many}`;
  return `${totalQualifier(lowerBound)}${roundedEstimate(total).toLocaleString('en-GB')} ${noun.many}`;
}

/** The word before a total that is not a count: "about 12,300", "more than 1,000". */
export function totalQualifier(lowerBound: boolean): string {
  return lowerBound ? 'more than ' : 'about ';
}

/** An estimate to three significant figures: 12,345 → 12,300. */
export function roundedEstimate(total: number): number {
  if (total < 1000) return total;
  const scale = 10 ** (Math.floor(Math.log10(total)) - 2);
  return Math.round(total / scale) * scale;
}
