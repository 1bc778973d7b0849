import { Download } from 'lucide-react';
import type { z } from 'zod';
import {
  reportPeriodLabels,
  reportPeriods,
  type ReportPeriod,
} from '@shared/reports/reports.contracts';
import { useId } from 'react';
import { FilterBar, namedOptions, SelectFilter, TextFilter } from '@web/components/filter-bar';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Button } from '@web/components/ui/button';
import { useListFilters } from '@web/lib/use-list-filters';

/** The filters as chosen: the period, its days when custom, and one owner or all (''). */
export type ReportFilterState = { period: ReportPeriod; from: string; to: string; owner: string };

export function useReportFilters() {
  return useListFilters<ReportFilterState>({ period: 'this_month', from: '', to: '', owner: '' });
}

/**
 * The query the filters make, or the first problem with them (checked with the server's own
 * schema, so the page says what the server would).
 */
export function reportQueryFrom<Query>(
  schema: z.ZodType<unknown>,
  filters: ReportFilterState,
  ownerField: string,
): { query: Query; problem: null } | { query: null; problem: string } {
  const query = {
    period: filters.period,
    ...(filters.period === 'custom' ? { from: filters.from, to: filters.to } : {}),
    ...(filters.owner ? { [ownerField]: filters.owner } : {}),
  };
  const parsed = schema.safeParse(query);
  if (parsed.success) return { query: query as Query, problem: null };
  return { query: null, problem: parsed.error.issues[0]!.message };
}

export function ReportFilters({
  filters,
  field,
  ownerLabel,
  ownerAllLabel,
  owners,
  problem,
  csvUrl,
}: {
  filters: ReportFilterState;
  field: ReturnType<typeof useReportFilters>['field'];
  ownerLabel: string;
  ownerAllLabel: string;
  owners: { id: string; name: string }[] | undefined;
  problem: string | null;
  csvUrl: string | null;
}) {
  const custom = filters.period === 'custom';
  const periodId = useId();
  return (
    <section
      aria-label="Filters"
      className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3"
    >
      <FilterBar className="items-end sm:grid-cols-2 lg:grid-cols-5">
        <div className="grid gap-1.5">
          <Label htmlFor={periodId}>Period</Label>
          <Select
            id={periodId}
            value={filters.period}
            onChange={(e) => field('period').onChange(e.target.value as ReportPeriod)}
          >
            {reportPeriods.map((period) => (
              <option key={period} value={period}>
                {reportPeriodLabels[period]}
              </option>
            ))}
          </Select>
        </div>
        {custom && (
          <>
            <TextFilter type="date" label="From" {...field('from')} />
            <TextFilter type="date" label="To" {...field('to')} />
          </>
        )}
        <SelectFilter
          label={ownerLabel}
          allLabel={ownerAllLabel}
          options={namedOptions(owners)}
          {...field('owner')}
        />
        {csvUrl ? (
          <Button variant="outline" asChild>
            <a href={csvUrl} download>
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        ) : (
          <Button variant="outline" disabled>
            <Download aria-hidden="true" />
            Download CSV
          </Button>
        )}
      </FilterBar>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </section>
  );
}
