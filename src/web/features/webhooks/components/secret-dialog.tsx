import { Copy } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';

/** The endpoint's signing secret, shown once after it is made (create or rotate). */
export function SecretDialog({
  secret,
  rotated,
  onClose,
}: {
  secret: string | null;
  rotated: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Signing secret</DialogTitle>
          <DialogDescription>
            Copy it now and give it to the partner: it is not shown again.
            {rotated &&
              ' The previous secret keeps signing alongside it for 24 hours, so the partner can switch over.'}
          </DialogDescription>
        </DialogHeader>
        <label className="grid gap-1.5 text-sm font-medium text-slate-800">
          Secret
          <input
            readOnly
            value={secret ?? ''}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-900"
            data-testid="webhook-secret"
          />
        </label>
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              void navigator.clipboard?.writeText(secret ?? '').then(
                () => toast({ title: 'Secret copied' }),
                () =>
                  toast({
                    variant: 'destructive',
                    title: 'Could not copy; select the text instead',
                  }),
              );
            }}
          >
            <Copy aria-hidden="true" />
            Copy
          </Button>
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
