import { useState } from 'react';
import type { Board, BoardVisit, WaitingOrder } from '@shared/dispatch/dispatch.contracts';
import { visitSlotLabels } from '@shared/orders/order-status';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { dayLabel, dayNote, hasRoom, shownSlots, slotOffered, visitsIn } from '../lib/board-model';
import { VisitSummary, WaitingCard } from './cards';

/** The board on a phone: one day at a time, every engineer's slots, and the orders waiting. */
export function DayList({
  board,
  onSchedule,
  onMove,
  onUnschedule,
}: {
  board: Board;
  /** Left out on the back office's calendar, which has no orders waiting. */
  onSchedule?: (order: WaitingOrder, date: string) => void;
  onMove: (visit: BoardVisit) => void;
  /** Left out where visits are only moved (the back office's calendar). */
  onUnschedule?: (visit: BoardVisit) => void;
}) {
  const firstDay =
    board.days.find((d) => d.date === board.today)?.date ??
    board.days.find((d) => d.working)?.date ??
    board.weekStart;
  const [chosen, setChosen] = useState(firstDay);
  const day = board.days.some((d) => d.date === chosen) ? chosen : firstDay;

  return (
    <div className="grid gap-4">
      <nav aria-label="Days of the week">
        <ul className="flex flex-wrap gap-1">
          {board.days.map((d) => (
            <li key={d.date}>
              <Button
                size="sm"
                variant={d.date === day ? 'default' : 'outline'}
                aria-pressed={d.date === day}
                onClick={() => setChosen(d.date)}
              >
                {dayLabel(d.date, 'short')}
                {dayNote(d) && <span className="sr-only"> ({dayNote(d)})</span>}
              </Button>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="day-heading" className="grid gap-2">
        <h2 id="day-heading" className="text-base font-semibold text-slate-900">
          {dayLabel(day)}
        </h2>
        {dayNote(board.days.find((d) => d.date === day)!) && (
          <p className="text-sm text-slate-700">
            {dayNote(board.days.find((d) => d.date === day)!)}: no visits can be booked.
          </p>
        )}
        <ul className="grid gap-2" aria-label={`Engineers on ${dayLabel(day)}`}>
          {board.engineers.map((engineer) => (
            <li
              key={engineer.id}
              className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3"
            >
              <h3 className="font-medium text-slate-900">
                {engineer.firstName} {engineer.lastName}
                {'contractorName' in engineer && (
                  <span className="text-sm font-normal text-slate-600">
                    {' '}
                    · {String(engineer.contractorName)}
                  </span>
                )}
                {engineer.owner && (
                  <span className="text-sm font-normal text-slate-600"> · owner</span>
                )}
                {!engineer.active && (
                  <span className="text-sm font-normal text-red-700"> · not active</span>
                )}
              </h3>
              <dl className="grid gap-2">
                {shownSlots(board).map((slot) => {
                  const target = { engineerId: engineer.id, date: day, slot };
                  const here = visitsIn(board, target);
                  return (
                    <div key={slot} className="grid grid-cols-[4rem_1fr] gap-2 text-sm">
                      <dt className="font-medium text-slate-700">
                        {visitSlotLabels[slot]}
                        {!slotOffered(board, slot) && (
                          <span className="block text-xs font-normal">not offered</span>
                        )}
                      </dt>
                      <dd className={cn('grid gap-2', here.length === 0 && 'text-slate-600')}>
                        {here.length === 0
                          ? hasRoom(board, target, null)
                            ? 'Free'
                            : 'Full'
                          : here.map((visit) => (
                              <div
                                key={visit.id}
                                className="grid gap-1 rounded border border-slate-200 p-2"
                                data-visit={visit.orderNumber}
                              >
                                <VisitSummary visit={visit} />
                                {visit.status === 'scheduled' && (
                                  <div className="flex flex-wrap gap-2">
                                    <Button
                                      size="sm"
                                      variant="outline"
                                      aria-label={`Move ${visit.orderNumber}`}
                                      onClick={() => onMove(visit)}
                                    >
                                      Move
                                    </Button>
                                    {onUnschedule && (
                                      <Button
                                        size="sm"
                                        variant="ghost"
                                        className="text-red-700"
                                        aria-label={`Unschedule ${visit.orderNumber}`}
                                        onClick={() => onUnschedule(visit)}
                                      >
                                        Unschedule
                                      </Button>
                                    )}
                                  </div>
                                )}
                              </div>
                            ))}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </li>
          ))}
        </ul>
      </section>

      {onSchedule && (
        <section aria-labelledby="waiting-phone-heading" className="grid gap-2">
          <h2 id="waiting-phone-heading" className="text-base font-semibold text-slate-900">
            Waiting to be scheduled ({board.waiting.length})
          </h2>
          {board.waiting.length === 0 ? (
            <p className="text-sm text-slate-600">
              Nothing is waiting: every accepted order has a visit.
            </p>
          ) : (
            <ul className="grid gap-2" aria-label="Orders waiting to be scheduled">
              {board.waiting.map((order) => (
                <li key={order.id} data-order={order.orderNumber}>
                  <WaitingCard order={order}>
                    <Button
                      size="sm"
                      aria-label={`Schedule ${order.orderNumber}`}
                      onClick={() => onSchedule(order, day)}
                    >
                      Schedule
                    </Button>
                  </WaitingCard>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
