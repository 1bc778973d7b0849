import { useState, type FormEvent } from 'react';
import { restoreNameMismatch } from '@shared/backup/backup.contracts';
import { useRestoreBackup } from '@web/api/backup/restore-backup';
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
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorMessage, HttpError } from '@web/lib/api-client';

/** Restore asks for the backup's name typed out; the server checks it again. */
export function RestoreDialog({
  name,
  open,
  onOpenChange,
  onStarted,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onStarted: () => void;
}) {
  const restore = useRestoreBackup();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() !== name) {
      setError(typed.trim() ? restoreNameMismatch : 'Type the backup’s name to confirm');
      return;
    }
    setError(null);
    restore.mutate(
      { name, confirmName: typed },
      {
        onSuccess: () => onStarted(),
        onError: (failure) => {
          const field =
            failure instanceof HttpError ? failure.payload?.details?.confirmName?.[0] : undefined;
          setError(field ?? errorMessage(failure, 'Could not start the restore'));
        },
      },
    );
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setTyped('');
          setError(null);
        }
        onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <form onSubmit={handleSubmit} noValidate className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>Restore this backup?</AlertDialogTitle>
            <AlertDialogDescription>
              Every record and uploaded file is replaced with the backup’s, and everyone is signed
              out. Uplink is unavailable while the restore runs.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <FormField label={`Type ${name} to confirm`} error={error ?? undefined}>
            {(field) => (
              <Input
                {...field}
                value={typed}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => setTyped(event.target.value)}
              />
            )}
          </FormField>
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={restore.isPending}>
              Restore backup
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
