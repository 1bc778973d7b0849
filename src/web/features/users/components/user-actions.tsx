import { Ban, CircleCheck, KeyRound, MailPlus, MoreHorizontal, Pencil } from 'lucide-react';
import { useState } from 'react';
import type { UserSummary } from '@shared/users/users.contracts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useDisableUser } from '@web/api/users/disable-user';
import { useEnableUser } from '@web/api/users/enable-user';
import { useResendInvitation } from '@web/api/users/resend-invitation';
import { useResetTwoFactor } from '@web/api/users/reset-two-factor';

function failed(error: unknown, fallback: string) {
  toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
}

/** The row menu of /users: edit, resend invitation, reset two-factor, disable or enable. */
export function UserActions({ user, onEdit }: { user: UserSummary; onEdit: () => void }) {
  const [confirmDisable, setConfirmDisable] = useState(false);
  const disable = useDisableUser();
  const enable = useEnableUser();
  const resetTwoFactor = useResetTwoFactor();
  const resend = useResendInvitation();
  const name = `${user.firstName} ${user.lastName}`;

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil aria-hidden="true" />
            Edit
          </DropdownMenuItem>
          {user.status === 'invited' && (
            <DropdownMenuItem
              onSelect={() =>
                resend.mutate(user.id, {
                  onSuccess: () =>
                    toast({
                      title: 'Invitation Sent',
                      description: `A new set-password link is on its way to ${user.email}.`,
                    }),
                  onError: (error) => failed(error, 'Could not resend the invitation'),
                })
              }
            >
              <MailPlus aria-hidden="true" />
              Resend Invitation
            </DropdownMenuItem>
          )}
          {user.twoFactorMethod !== 'none' && (
            <DropdownMenuItem
              onSelect={() =>
                resetTwoFactor.mutate(user.id, {
                  onSuccess: () =>
                    toast({
                      title: 'Two-Factor Reset',
                      description: `${name} signs in with a password only until two-factor is set again.`,
                    }),
                  onError: (error) => failed(error, 'Could not reset two-factor authentication'),
                })
              }
            >
              <KeyRound aria-hidden="true" />
              Reset Two-Factor
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          {user.status === 'disabled' ? (
            <DropdownMenuItem
              onSelect={() =>
                enable.mutate(user.id, {
                  onSuccess: () =>
                    toast({ title: 'User Enabled', description: `${name} can sign in again.` }),
                  onError: (error) => failed(error, 'Could not enable the user'),
                })
              }
            >
              <CircleCheck aria-hidden="true" />
              Enable
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem variant="destructive" onSelect={() => setConfirmDisable(true)}>
              <Ban aria-hidden="true" />
              Disable
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>

      <AlertDialog open={confirmDisable} onOpenChange={setConfirmDisable}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Disable {name}?</AlertDialogTitle>
            <AlertDialogDescription>
              They are signed out everywhere at once and cannot sign in until enabled again.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() =>
                disable.mutate(user.id, {
                  onSuccess: () =>
                    toast({
                      title: 'User Disabled',
                      description: `${name} can no longer sign in.`,
                    }),
                  onError: (error) => failed(error, 'Could not disable the user'),
                })
              }
            >
              Disable User
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
