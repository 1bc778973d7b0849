import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { roundedEstimate, totalQualifier, totalWords } from '@shared/schema/paging.contracts';
import { Button } from './button';
import { Select } from './select';

/**
 * Previous/next with a summary ("x–y of z", or just "0 orders" for none, unless given) and,
 * optionally, the page size. A list paged by cursor (decision 085) says whether there is a page
 * either side (`hasNext`, `hasPrevious`), and an estimated total reads "about 12,300"
 * (`totalIsEstimate`), or "more than 1,000" where it is only known to be over that
 * (`totalIsLowerBound`).
 */
export function Pagination({
  page,
  pageSize,
  total,
  totalIsEstimate = false,
  totalIsLowerBound = false,
  shown,
  noun,
  hasNext,
  hasPrevious,
  pageSizes,
  onPageChange,
  onPageSizeChange,
  label = 'Pages',
  summary,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** The total is the database's estimate: shown as "about …". */
  totalIsEstimate?: boolean;
  /** The total is only known to be exceeded: shown as "more than …". */
  totalIsLowerBound?: boolean;
  /** How many rows this page shows: where the total is not a count, the page's last row's place. */
  shown?: number;
  /** What the rows are, for "1–25 of about 12,300 orders". */
  noun?: { one: string; many: string };
  /** Cursor paging: whether the server gave a next (previous) page's cursor. */
  hasNext?: boolean;
  hasPrevious?: boolean;
  pageSizes?: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange?: (size: number) => void;
  label?: string;
  /** Replaces the "x–y of z" text, e.g. "12 users". */
  summary?: ReactNode;
}) {
  const shownTotal = totalIsEstimate ? roundedEstimate(total) : total;
  const pageCount = Math.max(1, Math.ceil(shownTotal / pageSize), page);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = !totalIsEstimate
    ? Math.min(total, page * pageSize)
    : shown !== undefined
      ? first + shown - 1
      : page * pageSize;
  const qualifier = totalIsEstimate ? totalQualifier(totalIsLowerBound) : '';
  // Past the pages a lower bound covers, how many there are is not known at all.
  const pagesWords =
    totalIsLowerBound && page >= pageCount
      ? ''
      : ` of ${qualifier}${pageCount.toLocaleString('en-GB')}`;
  const of = noun
    ? totalWords(total, totalIsEstimate, noun, totalIsLowerBound)
    : `${qualifier}${shownTotal.toLocaleString('en-GB')}`;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-600" aria-live="polite">
        {summary ??
          (total === 0 && !totalIsEstimate
            ? of
            : `${first.toLocaleString('en-GB')}–${last.toLocaleString('en-GB')} of ${of}`)}
      </p>
      <div className="flex items-center gap-2">
        {pageSizes && onPageSizeChange && (
          <label className="flex items-center gap-2 text-slate-600">
            <span>Rows</span>
            <Select
              aria-label="Rows per page"
              className="h-8 w-20"
              value={pageSize}
              onChange={(e) => onPageSizeChange(Number(e.target.value))}
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </Select>
          </label>
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={hasPrevious === undefined ? page <= 1 : !hasPrevious}
          onClick={() => onPageChange(page - 1)}
          aria-label="Previous page"
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <span className="whitespace-nowrap text-slate-700">
          Page {page}
          {pagesWords}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={hasNext === undefined ? page >= pageCount : !hasNext}
          onClick={() => onPageChange(page + 1)}
          aria-label="Next page"
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
