import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight, Map as MapIcon, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { BoardVisit, WaitingOrder } from '@shared/dispatch/dispatch.contracts';
import { isCalendarDate } from '@shared/schema/calendar-date';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { useWide } from '@web/components/responsive-list';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { toastWithUndo } from '@web/components/undo-toast';
import { undoOrderChange } from '@web/api/orders/undo-order-change';
import { useBoard } from '@web/api/dispatch/get-board';
import { usePlaceVisit, type Placement } from '@web/api/dispatch/place-visit';
import { errorMessage } from '@web/lib/api-client';
import {
  dayLabel,
  firstOfferedSlot,
  pickedNumber,
  targetKey,
  targetWords,
  type Picked,
  type Target,
} from '../lib/board-model';
import { BoardGrid } from './board-grid';
import { ChangeDialog, type ChangeValues } from './change-dialog';
import { usePickAndPlace } from '../lib/use-pick-and-place';
import { DayList } from './day-list';

type DialogState =
  | { kind: 'schedule'; order: WaitingOrder; date: string }
  | { kind: 'move-choose'; visit: BoardVisit }
  | { kind: 'move-reason'; visit: BoardVisit; target: Target }
  | { kind: 'unschedule'; visit: BoardVisit };

/** /contractor/board: plan the week (issue 12). Drag, pick and place with keys, or on a phone a day list. */
export default function DispatchBoardPage() {
  const search = new URLSearchParams(useSearch());
  const requested = search.get('week');
  const week = requested && isCalendarDate(requested) ? requested : null;
  const [, navigate] = useLocation();
  const board = useBoard(week);
  const place = usePlaceVisit();
  const queryClient = useQueryClient();
  const wide = useWide();
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const { picked, setPicked, refusal, setRefusal, announcement, announce, pick } = usePickAndPlace(
    dialog !== null,
  );
  const data = board.data;

  if (board.isPending) {
    return (
      <PageLayout>
        <PageHeader title="Dispatch board" />
        <Skeleton className="h-96" />
      </PageLayout>
    );
  }
  if (!data) {
    return (
      <PageLayout>
        <PageHeader title="Dispatch board" />
        <EmptyState icon={CalendarDays} title="The board could not be loaded">
          {errorMessage(board.error, 'Try again in a moment.')}
        </EmptyState>
      </PageLayout>
    );
  }

  /** Runs a change; a refusal goes where the card was dropped (and to the live region). */
  async function run(placement: Placement, done: string, key: string | null, undoOrderId?: string) {
    setRefusal(null);
    try {
      await place.mutateAsync(placement);
      setPicked(null);
      announce(done);
      // A move or an unscheduling can be taken back for a few seconds (issue 25).
      if (undoOrderId) {
        toastWithUndo({ title: done, undo: () => undoOrderChange(queryClient, undoOrderId) });
      } else toast({ title: done });
    } catch (error) {
      const message = errorMessage(error, 'That did not work; try again.');
      if (key) setRefusal({ key, message });
      announce(`Refused: ${message}`);
      throw error;
    }
  }

  function handlePlace(item: Picked, target: Target) {
    if (!data) return;
    if (item.kind === 'order') {
      void run(
        { kind: 'schedule', orderId: item.order.id, body: target },
        `${item.order.orderNumber} scheduled ${targetWords(data, target)}.`,
        targetKey(target),
      ).catch(() => undefined);
    } else {
      setDialog({ kind: 'move-reason', visit: item.visit, target });
    }
  }

  async function submitDialog(values: ChangeValues) {
    if (!dialog || !data) return;
    const target: Target = { engineerId: values.engineerId, date: values.date, slot: values.slot };
    switch (dialog.kind) {
      case 'schedule':
        return run(
          { kind: 'schedule', orderId: dialog.order.id, body: target },
          `${dialog.order.orderNumber} scheduled ${targetWords(data, target)}.`,
          null,
        );
      case 'move-choose':
      case 'move-reason': {
        const to = dialog.kind === 'move-reason' ? dialog.target : target;
        return run(
          { kind: 'move', visitId: dialog.visit.id, body: { ...to, reason: values.reason } },
          `${dialog.visit.orderNumber} moved ${targetWords(data, to)}.`,
          dialog.kind === 'move-reason' ? targetKey(to) : null,
          dialog.visit.orderId,
        );
      }
      case 'unschedule':
        return run(
          { kind: 'unschedule', visitId: dialog.visit.id, reason: values.reason },
          `${dialog.visit.orderNumber} unscheduled; it waits to be scheduled again.`,
          null,
          dialog.visit.orderId,
        );
    }
  }

  const firstEngineer = data.engineers.find((e) => e.active)?.id ?? '';
  const firstDay = data.days.find((d) => d.working && d.date >= data.today)?.date ?? data.weekStart;
  const dialogProps = dialog && dialogFor(dialog);

  function dialogFor(state: DialogState) {
    switch (state.kind) {
      case 'schedule':
        return {
          title: `Schedule ${state.order.orderNumber}`,
          description: `${state.order.jobTypeName}, ${state.order.postcode}. The customer gets the appointment message.`,
          submitLabel: 'Schedule',
          chooseTarget: true,
          needsReason: false,
          defaults: {
            engineerId: firstEngineer,
            // The day chosen on the phone, when it can take visits; else the first that can.
            date:
              state.date >= data!.today &&
              data!.days.some((d) => d.date === state.date && d.working)
                ? state.date
                : firstDay,
            slot: firstOfferedSlot(data!),
          },
        };
      case 'move-choose':
        return {
          title: `Move ${state.visit.orderNumber}`,
          description: 'Choose the new engineer, day and slot, and say why. The customer is told.',
          submitLabel: 'Move visit',
          chooseTarget: true,
          needsReason: true,
          defaults: {
            engineerId: state.visit.engineerId,
            date: state.visit.date,
            slot: data!.slots.includes(state.visit.slot)
              ? state.visit.slot
              : firstOfferedSlot(data!),
          },
        };
      case 'move-reason':
        return {
          title: `Move ${state.visit.orderNumber}`,
          description: `Move it ${targetWords(data!, state.target)}. Say why; the customer is told of the new appointment.`,
          submitLabel: 'Move visit',
          chooseTarget: false,
          needsReason: true,
          defaults: state.target,
        };
      case 'unschedule':
        return {
          title: `Unschedule ${state.visit.orderNumber}`,
          description: `Take the visit of ${dayLabel(state.visit.date)} off the schedule; the order waits to be scheduled again.`,
          submitLabel: 'Unschedule visit',
          destructive: true,
          chooseTarget: false,
          needsReason: true,
          defaults: {
            engineerId: state.visit.engineerId,
            date: state.visit.date,
            slot: state.visit.slot,
          },
        };
    }
  }

  const goToWeek = (date: string | null) => {
    setPicked(null);
    setRefusal(null);
    navigate(date ? `/contractor/board?week=${date}` : '/contractor/board');
  };

  return (
    <PageLayout>
      <PageHeader
        title="Dispatch board"
        description={
          wide
            ? 'Drag an order onto an engineer’s slot, or use Pick and Place here with the keyboard. Each engineer takes one all-day visit a day, or one AM and one PM.'
            : 'Choose a day; schedule, move or unschedule from the lists.'
        }
        actions={
          <>
            <Button asChild variant="outline">
              <Link href="/contractor/map">
                <MapIcon aria-hidden="true" />
                Map of waiting orders
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href={`/contractor/day-sheet?date=${firstDay}`}>
                <Printer aria-hidden="true" />
                Day sheets
              </Link>
            </Button>
          </>
        }
      />
      <nav aria-label="Weeks" className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => goToWeek(data.previousWeek)}>
          <ChevronLeft aria-hidden="true" />
          Previous week
        </Button>
        <Button variant="outline" size="sm" onClick={() => goToWeek(null)}>
          This week
        </Button>
        <Button variant="outline" size="sm" onClick={() => goToWeek(data.nextWeek)}>
          Next week
          <ChevronRight aria-hidden="true" />
        </Button>
        <h2 className="text-base font-semibold text-slate-900" aria-live="polite">
          Week of {dayLabel(data.weekStart)}
        </h2>
      </nav>

      {picked && wide && (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-brand-200 bg-brand-50 p-2 text-sm text-slate-900">
          <span>
            <strong>{pickedNumber(picked)}</strong> is picked: press <em>Place here</em> in a slot.
          </span>
          <Button size="sm" variant="outline" onClick={() => pick(null)}>
            Cancel
          </Button>
        </div>
      )}

      {data.engineers.length === 0 ? (
        <EmptyState icon={CalendarDays} title="No engineers yet">
          Invite your engineers on the{' '}
          <Link href="/contractor-management" className="text-brand-700 underline">
            engineers page
          </Link>{' '}
          to plan their visits.
        </EmptyState>
      ) : wide ? (
        <BoardGrid
          board={data}
          picked={picked}
          onPick={pick}
          onPlace={handlePlace}
          onUnschedule={(visit) => setDialog({ kind: 'unschedule', visit })}
          refusal={refusal}
        />
      ) : (
        <DayList
          board={data}
          onSchedule={(order, date) => setDialog({ kind: 'schedule', order, date })}
          onMove={(visit) => setDialog({ kind: 'move-choose', visit })}
          onUnschedule={(visit) => setDialog({ kind: 'unschedule', visit })}
        />
      )}

      <div aria-live="assertive" role="status" className="sr-only" data-testid="board-announcer">
        {announcement}
      </div>

      {dialog && dialogProps && (
        <ChangeDialog
          key={JSON.stringify(dialog)}
          open
          onOpenChange={(open) => {
            if (!open) setDialog(null);
          }}
          board={data}
          onSubmit={submitDialog}
          {...dialogProps}
        />
      )}
    </PageLayout>
  );
}
