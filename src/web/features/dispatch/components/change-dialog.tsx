import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Board } from '@shared/dispatch/dispatch.contracts';
import { visitSlotLabels, visitSlots } from '@shared/orders/order-status';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/api-client';
import { placeServerDetails } from '@web/lib/show-server-error';
import { dayLabel, type Target } from '../lib/board-model';
import { useState } from 'react';

export type ChangeValues = {
  engineerId: string;
  date: string;
  slot: Target['slot'];
  reason: string;
};

const reasonMessage = 'Give a reason; the order’s history keeps it.';

function schemaFor(needsReason: boolean) {
  return z.object({
    engineerId: z.string().min(1, 'Choose an engineer'),
    date: z.string().min(1, 'Choose a day'),
    slot: z.enum(visitSlots),
    reason: needsReason ? z.string().trim().min(1, reasonMessage).max(1000) : z.string().max(1000),
  });
}

/**
 * One dialog for every board change that needs words: the reason for a move or an unschedule
 * and, on a phone (no dragging), the engineer, day and slot. A refusal (a clash) shows inside it.
 */
export function ChangeDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  destructive = false,
  board,
  chooseTarget,
  needsReason,
  defaults,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  destructive?: boolean;
  board: Board;
  /** Show engineer, day and slot (the phone's way to place a card). */
  chooseTarget: boolean;
  needsReason: boolean;
  defaults: Target;
  onSubmit: (values: ChangeValues) => Promise<void>;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangeValues>({
    resolver: zodResolver(schemaFor(needsReason)),
    defaultValues: { ...defaults, reason: '' },
  });
  const workingDays = board.days.filter((d) => d.working && d.date >= board.today);

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await onSubmit({ ...values, reason: values.reason.trim() });
      onOpenChange(false);
    } catch (error) {
      // A day or slot /settings does not allow goes on its field; a clash above the buttons.
      const { placed, unplaced } = chooseTarget
        ? placeServerDetails(error, setError, ['date', 'slot'])
        : { placed: false, unplaced: true };
      if (!placed || unplaced) setRefusal(errorMessage(error, 'That did not work; try again.'));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {chooseTarget && (
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField label="Engineer" error={errors.engineerId?.message}>
                {(field) => (
                  <Select {...field} {...register('engineerId')}>
                    {board.engineers
                      .filter((e) => e.active)
                      .map((e) => (
                        <option key={e.id} value={e.id}>
                          {e.firstName} {e.lastName}
                          {e.owner ? ' (you)' : ''}
                        </option>
                      ))}
                  </Select>
                )}
              </FormField>
              <FormField label="Day" error={errors.date?.message}>
                {(field) => (
                  <Select {...field} {...register('date')}>
                    {workingDays.map((d) => (
                      <option key={d.date} value={d.date}>
                        {dayLabel(d.date, 'short')}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              <FormField label="Slot" error={errors.slot?.message}>
                {(field) => (
                  <Select {...field} {...register('slot')}>
                    {board.slots.map((slot) => (
                      <option key={slot} value={slot}>
                        {visitSlotLabels[slot]}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
            </div>
          )}
          {needsReason && (
            <FormField label="Reason" error={errors.reason?.message} required>
              {(field) => <Textarea {...field} rows={3} {...register('reason')} />}
            </FormField>
          )}
          {refusal && (
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
            >
              {refusal}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : 'default'}
              disabled={isSubmitting}
            >
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
