import {
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useState } from 'react';
import type { Board, BoardVisit, WaitingOrder } from '@shared/dispatch/dispatch.contracts';
import { visitSlotLabels } from '@shared/orders/order-status';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import {
  dayLabel,
  dayNote,
  fullWords,
  hasRoom,
  isSamePlace,
  pickedNumber,
  shownSlots,
  slotOffered,
  targetKey,
  targetWords,
  visitsIn,
  type Picked,
  type Target,
} from '../lib/board-model';
import { WaitingCard, VisitSummary } from './cards';

export type Refusal = { key: string; message: string };

type GridProps = {
  board: Board;
  picked: Picked | null;
  onPick: (picked: Picked | null) => void;
  /** A card was dropped, by pointer or by the Place button. */
  onPlace: (picked: Picked, target: Target) => void;
  /** Left out where visits are only moved (the back office's calendar). */
  onUnschedule?: (visit: BoardVisit) => void;
  refusal: Refusal | null;
  /** False on the back office's calendar: it has no orders waiting to place. */
  showWaiting?: boolean;
};

/** The engineer's company, where the board spans several (the back office's calendar). */
const companyIdOf = (engineer: Board['engineers'][number]) =>
  'contractorId' in engineer ? (engineer.contractorId as string) : null;
const companyNameOf = (engineer: Board['engineers'][number]) =>
  'contractorName' in engineer ? (engineer.contractorName as string) : null;

const pickedOf = (data: unknown) => (data as { picked?: Picked } | undefined)?.picked ?? null;
const targetOf = (data: unknown) => (data as { target?: Target } | undefined)?.target ?? null;

function DraggableWaiting({
  order,
  picked,
  onPick,
}: Pick<GridProps, 'picked' | 'onPick'> & { order: WaitingOrder }) {
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `order:${order.id}`,
    data: { picked: { kind: 'order', order } satisfies Picked },
  });
  const isPicked = picked?.kind === 'order' && picked.order.id === order.id;
  return (
    <li
      ref={setNodeRef}
      {...listeners}
      className={cn('touch-none', isDragging && 'opacity-40')}
      data-order={order.orderNumber}
    >
      <WaitingCard order={order} highlighted={isPicked}>
        <Button
          size="sm"
          variant={isPicked ? 'secondary' : 'outline'}
          aria-pressed={isPicked}
          onClick={() => onPick(isPicked ? null : { kind: 'order', order })}
        >
          {isPicked ? `Cancel picking ${order.orderNumber}` : `Pick ${order.orderNumber}`}
        </Button>
      </WaitingCard>
    </li>
  );
}

function DraggableVisit({
  visit,
  picked,
  onPick,
  onUnschedule,
}: Pick<GridProps, 'picked' | 'onPick' | 'onUnschedule'> & { visit: BoardVisit }) {
  const movable = visit.status === 'scheduled';
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `visit:${visit.id}`,
    data: { picked: { kind: 'visit', visit } satisfies Picked },
    disabled: !movable,
  });
  const isPicked = picked?.kind === 'visit' && picked.visit.id === visit.id;
  return (
    <li
      ref={setNodeRef}
      {...(movable ? listeners : {})}
      data-visit={visit.orderNumber}
      className={cn(
        'grid gap-1 rounded border bg-white p-1.5 text-xs touch-none',
        isPicked ? 'border-brand-600 ring-2 ring-brand-500' : 'border-slate-300',
        isDragging && 'opacity-40',
      )}
    >
      <VisitSummary visit={visit} />
      {movable && (
        <div className="flex flex-wrap gap-1">
          <Button
            size="sm"
            variant={isPicked ? 'secondary' : 'outline'}
            className="h-7 px-2"
            aria-pressed={isPicked}
            aria-label={
              isPicked ? `Cancel moving ${visit.orderNumber}` : `Move ${visit.orderNumber}`
            }
            onClick={() => onPick(isPicked ? null : { kind: 'visit', visit })}
          >
            {isPicked ? 'Cancel' : 'Move'}
          </Button>
          {onUnschedule && (
            <Button
              size="sm"
              variant="ghost"
              className="h-7 px-2 text-red-700"
              aria-label={`Unschedule ${visit.orderNumber}`}
              onClick={() => onUnschedule(visit)}
            >
              Unschedule
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function SlotZone({
  board,
  target,
  placeable,
  picked,
  onPick,
  onPlace,
  onUnschedule,
  refusal,
  placing,
}: GridProps & { target: Target; placeable: boolean; placing: Picked | null }) {
  const key = targetKey(target);
  // The engineer is full there (decision 034): the server would refuse, so nothing is offered.
  const full = placeable && !hasRoom(board, target, placing);
  // A slot that cannot take a visit (a day off, a slot not offered, the past, full) takes no drop.
  const { setNodeRef, isOver } = useDroppable({
    id: key,
    data: { target },
    disabled: !placeable || full,
  });
  const offered = slotOffered(board, target.slot);
  const here = visitsIn(board, target);
  const label = `${dayLabel(target.date)}, ${visitSlotLabels[target.slot]}`;
  const showPlace =
    placeable && !full && picked && !(picked.kind === 'visit' && isSamePlace(picked.visit, target));
  return (
    <div
      ref={setNodeRef}
      data-slot-key={key}
      data-testid={`slot-${target.engineerId}-${target.date}-${target.slot}`}
      className={cn(
        'grid min-h-10 gap-1 rounded border border-dashed p-1',
        isOver ? 'border-brand-600 bg-brand-50' : 'border-slate-200',
      )}
    >
      <span className="text-[11px] font-medium text-slate-600">
        {visitSlotLabels[target.slot]}
        {!offered && <span> · not offered</span>}
        {full && (
          <span data-testid="slot-full">
            {' '}
            · Full<span className="sr-only">: {fullWords(board, target, placing)}</span>
          </span>
        )}
        <span className="sr-only"> · {label}</span>
      </span>
      {here.length > 0 && (
        <ul className="grid gap-1" aria-label={`Visits ${label}`}>
          {here.map((visit) => (
            <DraggableVisit
              key={visit.id}
              visit={visit}
              picked={picked}
              onPick={onPick}
              onUnschedule={onUnschedule}
            />
          ))}
        </ul>
      )}
      {showPlace && (
        <Button
          size="sm"
          variant="outline"
          className="h-7 px-2"
          aria-label={`Place here: ${pickedNumber(picked)} ${targetWords(board, target)}`}
          onClick={() => onPlace(picked, target)}
        >
          Place here
        </Button>
      )}
      {refusal?.key === key && (
        <p className="rounded bg-red-50 p-1 text-xs text-red-800" data-testid="refusal">
          {refusal.message}
        </p>
      )}
    </div>
  );
}

/** The desktop board: engineers as rows, days as columns, AM / PM / all-day slots; drag or pick. */
export function BoardGrid(props: GridProps) {
  const { board, picked, onPick, onPlace, showWaiting = true } = props;
  const [dragging, setDragging] = useState<Picked | null>(null);
  // On the calendar a visit moves only between the engineers of its own contractor.
  const companyOfEngineer = new Map(board.engineers.map((e) => [e.id, companyIdOf(e)]));
  const sameCompany = (placing: Picked | null, engineerId: string) =>
    placing?.kind !== 'visit' ||
    companyOfEngineer.get(placing.visit.engineerId) === companyOfEngineer.get(engineerId);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));

  const describe = (id: string | number | undefined, data: unknown) => {
    const target = targetOf(data);
    return target ? targetWords(board, target) : String(id ?? '');
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${numberOf(active.data.current)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${numberOf(active.data.current)} is over the slot ${describe(over.id, over.data.current)}.`
        : `${numberOf(active.data.current)} is no longer over a slot.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${numberOf(active.data.current)} was dropped ${describe(over.id, over.data.current)}.`
        : // Outside the board, or on a slot that takes nothing (full, a day off, the past).
          `${numberOf(active.data.current)} was not placed: only a free slot takes it.`,
    onDragCancel: ({ active }) => `Dragging ${numberOf(active.data.current)} was cancelled.`,
  };

  function handleDragStart(event: DragStartEvent) {
    setDragging(pickedOf(event.active.data.current));
  }
  function handleDragEnd(event: DragEndEvent) {
    setDragging(null);
    const item = pickedOf(event.active.data.current);
    const target = targetOf(event.over?.data.current);
    if (!item || !target) return;
    if (item.kind === 'visit' && isSamePlace(item.visit, target)) return;
    if (!hasRoom(board, target, item)) return;
    onPlace(item, target);
  }

  const todayOrLater = (date: string) => date >= board.today;

  return (
    <DndContext
      sensors={sensors}
      // The slot under the pointer takes the card, however wide the card is.
      collisionDetection={pointerWithin}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'Drag with a pointer, or use the Pick and Place here buttons with the keyboard.',
        },
      }}
    >
      <div className={cn('grid items-start gap-4', showWaiting && 'lg:grid-cols-[16rem_1fr]')}>
        {showWaiting && (
          <section aria-labelledby="waiting-heading" className="grid gap-2">
            <h2 id="waiting-heading" className="text-base font-semibold text-slate-900">
              Waiting to be scheduled ({board.waiting.length})
            </h2>
            {board.waiting.length === 0 ? (
              <p className="text-sm text-slate-600">
                Nothing is waiting: every accepted order has a visit.
              </p>
            ) : (
              <ul
                className="grid max-h-[70vh] gap-2 overflow-y-auto pr-1"
                aria-label="Orders waiting to be scheduled"
              >
                {board.waiting.map((order) => (
                  <DraggableWaiting key={order.id} order={order} picked={picked} onPick={onPick} />
                ))}
              </ul>
            )}
          </section>
        )}
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[48rem] table-fixed border-collapse text-sm">
            <caption className="sr-only">
              Visits of the week starting {dayLabel(board.weekStart)}: engineers in rows, days in
              columns
            </caption>
            <thead>
              <tr className="bg-slate-50">
                <th scope="col" className="w-36 p-2 text-left font-medium text-slate-700">
                  Engineer
                </th>
                {board.days.map((day) => (
                  <th
                    key={day.date}
                    scope="col"
                    className={cn(
                      'p-2 text-left font-medium',
                      day.date === board.today ? 'text-brand-700' : 'text-slate-700',
                    )}
                  >
                    {dayLabel(day.date, 'short')}
                    {dayNote(day) && (
                      <span className="block text-xs font-normal text-slate-600">
                        {dayNote(day)}
                      </span>
                    )}
                    {day.date === board.today && (
                      <span className="block text-xs font-normal">Today</span>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {board.engineers.map((engineer) => (
                <tr key={engineer.id} className="border-t border-slate-200 align-top">
                  <th scope="row" className="p-2 text-left font-medium text-slate-900">
                    {engineer.firstName} {engineer.lastName}
                    {companyNameOf(engineer) && (
                      <span className="block text-xs font-normal text-slate-600">
                        {companyNameOf(engineer)}
                      </span>
                    )}
                    {engineer.owner && (
                      <span className="block text-xs font-normal text-slate-600">Owner</span>
                    )}
                    {!engineer.active && (
                      <span className="block text-xs font-normal text-red-700">Not active</span>
                    )}
                  </th>
                  {board.days.map((day) => (
                    <td key={day.date} className="p-1">
                      <div className="grid gap-1">
                        {shownSlots(board).map((slot) => (
                          <SlotZone
                            key={slot}
                            {...props}
                            target={{ engineerId: engineer.id, date: day.date, slot }}
                            placing={dragging ?? picked}
                            placeable={
                              engineer.active &&
                              sameCompany(dragging ?? picked, engineer.id) &&
                              day.working &&
                              slotOffered(board, slot) &&
                              todayOrLater(day.date)
                            }
                          />
                        ))}
                      </div>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <DragOverlay>
        {dragging ? (
          <div className="w-56 rounded border border-brand-600 bg-white p-2 text-xs shadow-lg">
            {dragging.kind === 'order' ? (
              <WaitingCard order={dragging.order} />
            ) : (
              <VisitSummary visit={dragging.visit} />
            )}
          </div>
        ) : null}
      </DragOverlay>
      {picked && (
        <p className="sr-only">
          {pickedNumber(picked)} is picked. Press a Place here button in a slot, or Escape to
          cancel.
        </p>
      )}
    </DndContext>
  );
}

function numberOf(data: unknown): string {
  const item = pickedOf(data);
  return item ? pickedNumber(item) : 'The card';
}
