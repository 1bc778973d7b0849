import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import type { DaySheet, DaySheetVisit } from '@shared/dispatch/dispatch.contracts';
import { londonDateOf } from '@shared/london-date';
import { visitSlotLabels } from '@shared/orders/order-status';
import { formatUkPhone } from '@shared/phone';
import { isIsoDateShape } from '@shared/schema/uk-date';
import { visitStatusLabels } from '@shared/status-words';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { PrintButton } from '@web/components/print-button';
import { Button } from '@web/components/ui/button';
import { DateInput } from '@web/components/ui/date-input';
import { EmptyState } from '@web/components/ui/empty-state';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { useDaySheet } from '@web/api/dispatch/get-day-sheet';
import { errorMessage } from '@web/lib/api-client';
import { addDays } from '@shared/dispatch/capacity';
import { dayLabel } from '../lib/board-model';

// The contractor's day sheet (issue 25): a day's visits for each engineer, with what they need
// at each address; printed, each engineer's sheet starts on a new page.

function readParams(search: string, today: string) {
  const params = new URLSearchParams(search);
  const date = params.get('date');
  return {
    date: date && isIsoDateShape(date) ? date : today,
    engineerId: params.get('engineer') || null,
  };
}

export default function DaySheetPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const today = londonDateOf();
  const { date, engineerId } = readParams(search, today);
  const query = useDaySheet(date, engineerId);

  const go = (next: { date?: string; engineerId?: string | null }) => {
    const params = new URLSearchParams({ date: next.date ?? date });
    const engineer = next.engineerId === undefined ? engineerId : next.engineerId;
    if (engineer) params.set('engineer', engineer);
    navigate(`${location}?${params}`, { replace: true });
  };

  const data = query.data;
  return (
    <PageLayout>
      <PageHeader
        title="Day sheet"
        description={`${dayLabel(date)} ${date.slice(0, 4)}: each engineer’s visits, one engineer to a printed page.`}
        actions={
          <>
            <Button asChild variant="outline">
              <Link href={`/contractor/board?week=${date}`}>
                <CalendarDays aria-hidden="true" />
                Dispatch board
              </Link>
            </Button>
            <PrintButton />
          </>
        }
      />
      <div className="flex flex-wrap items-end gap-3" data-print="hide">
        <div className="grid gap-1.5">
          <Label htmlFor="day-sheet-date">Day</Label>
          <DateInput
            id="day-sheet-date"
            value={date}
            onChange={(value) => isIsoDateShape(value) && go({ date: value })}
            pickerLabel="Choose the day from a calendar"
          />
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => go({ date: addDays(date, -1) })}>
            <ChevronLeft aria-hidden="true" />
            Previous day
          </Button>
          <Button variant="outline" size="sm" onClick={() => go({ date: addDays(date, 1) })}>
            Next day
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="day-sheet-engineer">Engineer</Label>
          <Select
            id="day-sheet-engineer"
            value={engineerId ?? ''}
            onChange={(event) => go({ engineerId: event.target.value || null })}
          >
            <option value="">Every engineer with visits</option>
            {data?.engineers.map((engineer) => (
              <option key={engineer.id} value={engineer.id}>
                {engineer.name}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {query.isPending ? (
        <Skeleton className="h-64" role="status" aria-label="Loading the day sheet" />
      ) : query.isError ? (
        <EmptyState icon={CalendarDays} title="The day sheet could not be loaded">
          {errorMessage(query.error, 'Try again in a moment.')}
        </EmptyState>
      ) : data && data.sheets.length === 0 ? (
        <EmptyState icon={CalendarDays} title="No visits booked">
          Nobody has a visit on {dayLabel(date)}.
        </EmptyState>
      ) : (
        data?.sheets.map((sheet) => (
          <EngineerSheet key={sheet.engineer.id} sheet={sheet} date={date} />
        ))
      )}
    </PageLayout>
  );
}

function EngineerSheet({ sheet, date }: { sheet: DaySheet['sheets'][number]; date: string }) {
  const headingId = `sheet-${sheet.engineer.id}`;
  return (
    <section
      aria-labelledby={headingId}
      data-print="page"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {sheet.engineer.name} · {dayLabel(date)} {date.slice(0, 4)}
      </h2>
      <p className="text-sm text-slate-600">
        {sheet.visits.length === 0
          ? 'No visits booked.'
          : `${sheet.visits.length} ${sheet.visits.length === 1 ? 'visit' : 'visits'}`}
      </p>
      <ol className="grid gap-3">
        {sheet.visits.map((visit) => (
          <VisitEntry key={visit.id} visit={visit} />
        ))}
      </ol>
    </section>
  );
}

function VisitEntry({ visit }: { visit: DaySheetVisit }) {
  return (
    <li className="grid gap-2 rounded-md border border-slate-200 p-3 break-inside-avoid">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-base font-semibold text-slate-900">
          {visitSlotLabels[visit.slot]} · {visit.customerName}
        </p>
        <p className="text-sm text-slate-700">
          <Link href={`/contractor/orders/${visit.orderId}`} className="text-brand-700 underline">
            {visit.orderNumber}
          </Link>{' '}
          · {visitStatusLabels[visit.status]}
        </p>
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-600">Address</dt>
        <dd className="break-words">{visit.address.join(', ')}</dd>
        <dt className="font-medium text-slate-600">Phone</dt>
        <dd>
          {visit.customerPhone ? (
            <a href={`tel:${visit.customerPhone}`} className="text-brand-700 underline">
              {formatUkPhone(visit.customerPhone)}
            </a>
          ) : (
            'None given'
          )}
        </dd>
        <dt className="font-medium text-slate-600">Job</dt>
        <dd>{visit.jobTypeName}</dd>
        <dt className="font-medium text-slate-600">Kit</dt>
        <dd>
          <ul>
            {visit.kit.map((item) => (
              <li key={`${item.label}-${item.serial ?? ''}`}>
                {item.label}:{' '}
                <span className="font-mono break-all">{item.serial ?? 'serial not known yet'}</span>
              </li>
            ))}
          </ul>
        </dd>
        <dt className="font-medium text-slate-600">Access notes</dt>
        <dd className="break-words whitespace-pre-line">{visit.accessNotes ?? 'None'}</dd>
        {visit.orderNotes && (
          <>
            <dt className="font-medium text-slate-600">Order notes</dt>
            <dd className="break-words whitespace-pre-line">{visit.orderNotes}</dd>
          </>
        )}
      </dl>
    </li>
  );
}
