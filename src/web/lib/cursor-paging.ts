// Lists paged by keyset cursor (decision 085): the URL keeps the page number (for "Page 3 of
// about 493") and the cursor that opens it; Next and Previous follow the server's cursors.

/**
 * The state of the page after (or before) the one shown, by its cursor: page 1 drops the cursor
 * so the first page is always the newest rows.
 */
export function cursorStep(
  page: number,
  shown: number,
  cursors: { nextCursor: string | null; prevCursor: string | null },
): { page: number; cursor: string } {
  if (page <= 1) return { page: 1, cursor: '' };
  const cursor = page > shown ? cursors.nextCursor : cursors.prevCursor;
  return { page, cursor: cursor ?? '' };
}
