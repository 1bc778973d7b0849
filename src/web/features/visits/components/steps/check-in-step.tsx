import { useState } from 'react';
import {
  bookedDayWords,
  isOffDayCheckIn,
  offDayReasonMax,
  offDayReasonMessage,
} from '@shared/visits/off-day-check-in';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { currentPosition } from '../../lib/position';
import type { StepProps } from './step-props';
import { londonDateOf } from '@shared/london-date';

function formatTime(iso: string) {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

export function CheckInStep({ view, actions, go }: StepProps) {
  const [busy, setBusy] = useState(false);
  // Another day than the booked one: the engineer says why before the check-in is queued.
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const checkIn = view.local.checkIn ?? view.visit.record.checkIn;
  const booked = view.visit.scheduledDate;
  // While the server is asked, the check-in is not shown as done.
  if (checkIn && !busy) {
    const offDayReason = checkIn.offDayReason ?? null;
    return (
      <div className="grid gap-3">
        <p className="text-sm text-slate-800">
          Checked in at {formatTime(checkIn.at)}
          {checkIn.position
            ? ` (position ${checkIn.position.latitude.toFixed(5)}, ${checkIn.position.longitude.toFixed(5)})`
            : ' (no position)'}
          .
        </p>
        {offDayReason && (
          <p className="text-sm text-slate-800">
            Booked for {bookedDayWords(booked)}; your reason: {offDayReason}
          </p>
        )}
        <Button className="justify-self-start" onClick={() => go('survey')}>
          Next: survey and safety
        </Button>
      </div>
    );
  }

  async function send(at: Date, offDayReason?: string) {
    setBusy(true);
    try {
      const id = await actions.checkIn(view.visit.id, await currentPosition(), at, offDayReason);
      // Online, the server answers first: a refusal keeps the engineer here, with its
      // reason shown above. Offline, the check-in is sent later (decision 059).
      const answer = navigator.onLine ? await actions.settle(id) : 'waiting';
      if (answer !== 'refused') go('survey');
    } finally {
      setBusy(false);
    }
  }

  if (asking) {
    return (
      <form
        className="grid gap-3"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          const given = reason.trim();
          if (!given) {
            setReasonError(offDayReasonMessage(booked));
            return;
          }
          // The time the reason was given is the time the server judges (its day, again).
          const at = new Date();
          await send(at, isOffDayCheckIn(booked, at) ? given : undefined);
        }}
      >
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p className="font-medium">
            This visit is booked for {bookedDayWords(booked)}, not today (
            {bookedDayWords(londonDateOf(new Date()))}).
          </p>
          <p>Check in only if you are on site now; the office will see why.</p>
        </div>
        <FormField label="Why are you checking in on another day?" required error={reasonError}>
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={offDayReasonMax}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setReasonError(undefined);
              }}
            />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? 'Checking in…' : 'Check in with this reason'}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() => {
              setAsking(false);
              setReasonError(undefined);
            }}
          >
            Not now
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-700">
        Check in when you arrive. The time is taken from this phone, and its position if you allow
        it; this works without a network.
      </p>
      <Button
        className="justify-self-start"
        disabled={busy}
        onClick={async () => {
          // This phone's date decides (it may be offline); the server judges the same time.
          const at = new Date();
          if (isOffDayCheckIn(booked, at)) setAsking(true);
          else await send(at);
        }}
      >
        {busy ? 'Checking in…' : 'Check in now'}
      </Button>
    </div>
  );
}
