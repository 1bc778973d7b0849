import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { BoardVisit, Calendar, CalendarQuery } from '@shared/dispatch/dispatch.contracts';
import { visitStatuses, type VisitStatus } from '@shared/orders/order-status';
import { isCalendarDate } from '@shared/schema/calendar-date';
import { visitStatusLabels } from '@shared/status-words';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { useWide } from '@web/components/responsive-list';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { toastWithUndo } from '@web/components/undo-toast';
import { useContractors } from '@web/api/contractors/list-contractors';
import { useCalendar } from '@web/api/dispatch/get-calendar';
import { useMoveCalendarVisit } from '@web/api/dispatch/move-calendar-visit';
import { undoOrderChange } from '@web/api/orders/undo-order-change';
import { errorMessage } from '@web/lib/api-client';
import {
  dayLabel,
  firstOfferedSlot,
  targetKey,
  targetWords,
  type Target,
} from '../lib/board-model';
import { BoardGrid } from './board-grid';
import { ChangeDialog, type ChangeValues } from './change-dialog';
import { usePickAndPlace } from '../lib/use-pick-and-place';
import { DayList } from './day-list';

type View = 'week' | 'day';
type DialogState =
  | { kind: 'move-choose'; visit: BoardVisit }
  | { kind: 'move-reason'; visit: BoardVisit; target: Target };

const isVisitStatus = (value: string | null): value is VisitStatus =>
  (visitStatuses as readonly string[]).includes(value ?? '');

/** The calendar with only the engineers a visit may move to: those of its own contractor. */
function companyCalendar(calendar: Calendar, visit: BoardVisit): Calendar {
  const company = calendar.engineers.find((e) => e.id === visit.engineerId)?.contractorId;
  return { ...calendar, engineers: calendar.engineers.filter((e) => e.contractorId === company) };
}

/**
 * /calendar (issue 25): the back office's week or day across contractors and engineers, filtered
 * by contractor and visit status. A visit moves by drag and drop, by Move and Place here with the
 * keyboard, or by its Move dialog in the day view, under the dispatch board's rules.
 */
export default function CalendarPage() {
  const search = new URLSearchParams(useSearch());
  const requestedWeek = search.get('week');
  const status = search.get('status');
  const query: Partial<CalendarQuery> = {
    week: requestedWeek && isCalendarDate(requestedWeek) ? requestedWeek : undefined,
    contractorId: search.get('contractor') ?? undefined,
    status: isVisitStatus(status) ? status : undefined,
  };
  const wide = useWide();
  // A phone shows a day at a time unless the week is asked for.
  const requestedView = search.get('view');
  const view: View =
    requestedView === 'day' || requestedView === 'week' ? requestedView : wide ? 'week' : 'day';
  const [, navigate] = useLocation();
  const calendar = useCalendar(query);
  const contractors = useContractors();
  const move = useMoveCalendarVisit();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const { picked, setPicked, refusal, setRefusal, announcement, announce, pick } = usePickAndPlace(
    dialog !== null,
  );
  const data = calendar.data;

  /** Changes the filters, the week or the view in the address, so a reload keeps them. */
  function show(changes: Record<string, string | null>) {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setPicked(null);
    setRefusal(null);
    const qs = next.toString();
    navigate(qs ? `/calendar?${qs}` : '/calendar');
  }

  async function submitMove(values: ChangeValues) {
    if (!dialog || !data) return;
    const to: Target =
      dialog.kind === 'move-reason'
        ? dialog.target
        : { engineerId: values.engineerId, date: values.date, slot: values.slot };
    const done = `${dialog.visit.orderNumber} moved ${targetWords(data, to)}.`;
    setRefusal(null);
    try {
      await move.mutateAsync({ visitId: dialog.visit.id, body: { ...to, reason: values.reason } });
      setPicked(null);
      announce(done);
      const orderId = dialog.visit.orderId;
      toastWithUndo({ title: done, undo: () => undoOrderChange(queryClient, orderId) });
    } catch (error) {
      const message = errorMessage(error, 'That did not work; try again.');
      if (dialog.kind === 'move-reason') setRefusal({ key: targetKey(to), message });
      announce(`Refused: ${message}`);
      throw error;
    }
  }

  const filters = (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1">
        <Label htmlFor="calendar-contractor">Contractor</Label>
        <Select
          id="calendar-contractor"
          value={query.contractorId ?? ''}
          onChange={(event) => show({ contractor: event.target.value || null })}
        >
          <option value="">All contractors</option>
          {(contractors.data?.items ?? []).map((contractor) => (
            <option key={contractor.id} value={contractor.id}>
              {contractor.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="calendar-status">Status</Label>
        <Select
          id="calendar-status"
          value={query.status ?? ''}
          onChange={(event) => show({ status: event.target.value || null })}
        >
          <option value="">Every visit but cancelled</option>
          {visitStatuses.map((s) => (
            <option key={s} value={s}>
              {visitStatusLabels[s]}
            </option>
          ))}
        </Select>
      </div>
      <div role="group" aria-label="View" className="flex gap-1">
        {(['week', 'day'] as const).map((v) => (
          <Button
            key={v}
            size="sm"
            variant={view === v ? 'default' : 'outline'}
            aria-pressed={view === v}
            onClick={() => show({ view: v })}
          >
            {v === 'week' ? 'Week' : 'Day'}
          </Button>
        ))}
      </div>
    </div>
  );

  return (
    <PageLayout>
      <PageHeader
        title="Calendar"
        description={
          wide
            ? 'Every contractor’s visits by week or day. Drag a visit to another slot of an engineer of its contractor, or use Move and Place here with the keyboard; the board’s rules apply and the customer is told.'
            : 'Every contractor’s visits, a day at a time. Move a visit to another engineer of its contractor, day or slot; the board’s rules apply and the customer is told.'
        }
      />
      {filters}
      {calendar.isPending ? (
        <Skeleton className="h-96" />
      ) : !data ? (
        <EmptyState icon={CalendarDays} title="The calendar could not be loaded">
          {errorMessage(calendar.error, 'Try again in a moment.')}
        </EmptyState>
      ) : (
        <>
          <nav aria-label="Weeks" className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => show({ week: data.previousWeek })}>
              <ChevronLeft aria-hidden="true" />
              Previous week
            </Button>
            <Button variant="outline" size="sm" onClick={() => show({ week: null })}>
              This week
            </Button>
            <Button variant="outline" size="sm" onClick={() => show({ week: data.nextWeek })}>
              Next week
              <ChevronRight aria-hidden="true" />
            </Button>
            <h2 className="text-base font-semibold text-slate-900" aria-live="polite">
              Week of {dayLabel(data.weekStart)}
            </h2>
          </nav>
          {data.engineers.length === 0 ? (
            <EmptyState icon={CalendarDays} title="No engineers to show">
              No contractor has an active engineer with these filters.
            </EmptyState>
          ) : view === 'week' ? (
            <BoardGrid
              board={data}
              picked={picked}
              onPick={pick}
              onPlace={(item, target) => {
                if (item.kind === 'visit')
                  setDialog({ kind: 'move-reason', visit: item.visit, target });
              }}
              refusal={refusal}
              showWaiting={false}
            />
          ) : (
            <DayList board={data} onMove={(visit) => setDialog({ kind: 'move-choose', visit })} />
          )}
          {dialog && (
            <ChangeDialog
              key={JSON.stringify(dialog)}
              open
              onOpenChange={(open) => {
                if (!open) setDialog(null);
              }}
              board={companyCalendar(data, dialog.visit)}
              onSubmit={submitMove}
              title={`Move ${dialog.visit.orderNumber}`}
              submitLabel="Move visit"
              needsReason
              {...(dialog.kind === 'move-reason'
                ? {
                    description: `Move it ${targetWords(data, dialog.target)}. Say why; the customer is told of the new appointment.`,
                    chooseTarget: false,
                    defaults: dialog.target,
                  }
                : {
                    description:
                      'Choose an engineer of its contractor, the day and the slot, and say why. The customer is told.',
                    chooseTarget: true,
                    defaults: {
                      engineerId: dialog.visit.engineerId,
                      date: dialog.visit.date,
                      slot: data.slots.includes(dialog.visit.slot)
                        ? dialog.visit.slot
                        : firstOfferedSlot(data),
                    },
                  })}
            />
          )}
        </>
      )}
      <div aria-live="assertive" role="status" className="sr-only" data-testid="calendar-announcer">
        {announcement}
      </div>
    </PageLayout>
  );
}
