import { undoWindowMs } from '@shared/orders/undo';
import { errorMessage } from '@web/lib/api-client';
import { ToastAction } from './ui/toast';
import { toast } from './ui/use-toast';

/** A second short of the server's window, for the time the answer took to arrive. */
const offeredForMs = undoWindowMs - 1_000;

/**
 * The toast after a change people make by mistake (issue 25): what happened, with Undo for as
 * long as the server will take it back. Undo says what became of it.
 */
export function toastWithUndo(change: {
  title: string;
  description?: string;
  undo: () => Promise<unknown>;
}) {
  toast({
    title: change.title,
    description: change.description,
    duration: offeredForMs,
    action: (
      <ToastAction
        altText="Undo the change"
        onClick={() => {
          change.undo().then(
            () => toast({ title: 'Undone', description: `${change.title} was taken back.` }),
            (error: unknown) =>
              toast({
                variant: 'destructive',
                title: 'Could not undo',
                description: errorMessage(error, 'Try again or change it back by hand.'),
              }),
          );
        }}
      >
        Undo
      </ToastAction>
    ),
  });
}
