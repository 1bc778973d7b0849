import type { ReactNode } from 'react';
import { failureReasonLabels, type FailureReason } from '@shared/orders/order-status';
import type { ReasonCount } from '@shared/reports/reports.contracts';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { formatDate } from '@web/lib/format-date';

/** A rate 0..1 as a percentage with one decimal; "—" without one. */
export const percent = (value: number | null) =>
  value === null ? '—' : `${(value * 100).toFixed(1)}%`;

/** A median in days with one decimal; "—" without one. */
export const days = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} days`);

/** A failure reason in words; a decline's reason is the contractor's own text. */
export const reasonLabel = (reason: string) =>
  failureReasonLabels[reason as FailureReason] ?? reason;

/** A count and its reasons on one line ("3 · Too far: 2"), for a card. */
export const reasonsInline = (count: number, reasons: ReasonCount[]) =>
  `${count}${reasons.map((r) => ` · ${reasonLabel(r.reason)}: ${r.count}`).join('')}`;

/** A count with its reasons beneath ("Too far: 2"). */
export function WithReasons({ count, reasons }: { count: number; reasons: ReasonCount[] }) {
  return (
    <div className="grid justify-items-end gap-0.5">
      <span>{count}</span>
      {reasons.length > 0 && (
        <ul className="text-xs text-slate-600">
          {reasons.map((r) => (
            <li key={r.reason}>
              {reasonLabel(r.reason)}: {r.count}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function PeriodHeading({ start, end }: { start: string; end: string }) {
  return (
    <h2 className="text-lg font-semibold text-slate-900">
      {formatDate(start)} to {formatDate(end)}
    </h2>
  );
}

/** Loading, failed (with a way to try again) or the report. */
export function ReportState<T>({
  query,
  children,
}: {
  query: {
    data: T | undefined;
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    isFetching: boolean;
    refetch: () => unknown;
  };
  children: (data: T) => ReactNode;
}) {
  if (query.isError && !query.data)
    return (
      <EmptyState
        title="The report could not be loaded"
        action={<Button onClick={() => void query.refetch()}>Try again</Button>}
      >
        {errorMessage(query.error, 'Please try again')}
      </EmptyState>
    );
  if (!query.data)
    return (
      <div role="status" aria-label="Loading report" className="grid gap-3">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  return (
    <div aria-busy={query.isFetching} className="grid gap-6">
      {children(query.data)}
    </div>
  );
}
