import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { currentPosition } from '../../lib/position';
import type { StepProps } from './step-props';

function formatTime(iso: string) {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

export function CheckInStep({ view, actions, go }: StepProps) {
  const [busy, setBusy] = useState(false);
  const checkIn = view.local.checkIn ?? view.visit.record.checkIn;
  // While the server is asked, the check-in is not shown as done.
  if (checkIn && !busy) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-slate-800">
          Checked in at {formatTime(checkIn.at)}
          {checkIn.position
            ? ` (position ${checkIn.position.latitude.toFixed(5)}, ${checkIn.position.longitude.toFixed(5)})`
            : ' (no position)'}
          .
        </p>
        <Button className="justify-self-start" onClick={() => go('survey')}>
          Next: survey and safety
        </Button>
      </div>
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
          setBusy(true);
          try {
            const id = await actions.checkIn(view.visit.id, await currentPosition());
            // Online, the server answers first: a refusal keeps the engineer here, with its
            // reason shown above. Offline, the check-in is sent later (decision 059).
            const answer = navigator.onLine ? await actions.settle(id) : 'waiting';
            if (answer !== 'refused') go('survey');
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Checking in…' : 'Check in now'}
      </Button>
    </div>
  );
}
