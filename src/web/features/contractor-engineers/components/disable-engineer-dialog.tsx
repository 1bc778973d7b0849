import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  contractorEngineerErrorCodes,
  type ContractorEngineer,
} from '@shared/contractor-engineers/contractor-engineers.contracts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { useDisableContractorEngineer } from '@web/api/contractor-engineers/disable-contractor-engineer';
import { errorCode, errorMessage, HttpError } from '@web/lib/api-client';

/**
 * Asks before disabling an engineer. The server refuses while they have visits to come; the
 * refusal names each visit (order number, date, slot) so they can be moved on the board first.
 */
export function DisableEngineerDialog({
  engineer,
  open,
  onOpenChange,
}: {
  engineer: ContractorEngineer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const disable = useDisableContractorEngineer();
  const [blocking, setBlocking] = useState<string[] | null>(null);
  const name = `${engineer.firstName} ${engineer.lastName}`;

  const close = (next: boolean) => {
    if (!next) setBlocking(null);
    onOpenChange(next);
  };

  const confirm = () =>
    disable.mutate(engineer.id, {
      onSuccess: () => {
        toast({
          title: 'Engineer disabled',
          description: `${name} is signed out and cannot sign in.`,
        });
        close(false);
      },
      onError: (error) => {
        if (errorCode(error) === contractorEngineerErrorCodes.engineerHasFutureVisits) {
          const visits = error instanceof HttpError ? error.payload?.details?.visits : undefined;
          setBlocking(visits ?? [errorMessage(error, 'They have visits to come')]);
          return;
        }
        toast({
          variant: 'destructive',
          title: 'Could not disable the engineer',
          description: errorMessage(error, 'Something went wrong; try again.'),
        });
      },
    });

  return (
    <AlertDialog open={open} onOpenChange={close}>
      <AlertDialogContent>
        {blocking ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>Move {name}’s visits first</AlertDialogTitle>
              <AlertDialogDescription>
                {name} cannot be disabled while they have visits to come. Move these visits to
                another engineer, or unschedule them, then disable {name}.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <div
              role="alert"
              className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            >
              <ul aria-label="Visits to move first" className="grid gap-1">
                {blocking.map((visit) => (
                  <li key={visit} className="flex items-start gap-2">
                    <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    {visit}
                  </li>
                ))}
              </ul>
            </div>
            <AlertDialogFooter>
              <Button asChild variant="outline">
                <Link href="/contractor">Open the contractor portal</Link>
              </Button>
              <AlertDialogCancel>Close</AlertDialogCancel>
            </AlertDialogFooter>
          </>
        ) : (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>Disable {name}?</AlertDialogTitle>
              <AlertDialogDescription>
                They are signed out everywhere at once and cannot sign in until enabled again.
                Anyone with visits to come must have them moved first.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <Button variant="destructive" disabled={disable.isPending} onClick={confirm}>
                {disable.isPending ? 'Disabling…' : 'Disable engineer'}
              </Button>
            </AlertDialogFooter>
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
