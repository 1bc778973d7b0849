import { Ban, CircleCheck, MailPlus, Pencil } from 'lucide-react';
import { useState } from 'react';
import type { ContractorEngineer } from '@shared/contractor-engineers/contractor-engineers.contracts';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { useEnableContractorEngineer } from '@web/api/contractor-engineers/enable-contractor-engineer';
import { useResendContractorEngineerInvitation } from '@web/api/contractor-engineers/resend-contractor-engineer-invitation';
import { errorMessage } from '@web/lib/api-client';
import { DisableEngineerDialog } from './disable-engineer-dialog';

function failed(error: unknown, title: string) {
  toast({
    variant: 'destructive',
    title,
    description: errorMessage(error, 'Something went wrong; try again.'),
  });
}

/** One engineer's buttons: edit, resend the invitation, disable or enable. */
export function EngineerActions({
  engineer,
  onEdit,
}: {
  engineer: ContractorEngineer;
  onEdit: () => void;
}) {
  const [confirmDisable, setConfirmDisable] = useState(false);
  const enable = useEnableContractorEngineer();
  const resend = useResendContractorEngineerInvitation();
  const name = `${engineer.firstName} ${engineer.lastName}`;

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      {engineer.status === 'invited' && (
        <Button
          variant="outline"
          size="sm"
          disabled={resend.isPending}
          aria-label={`Resend invitation to ${name}`}
          onClick={() =>
            resend.mutate(engineer.id, {
              onSuccess: () =>
                toast({
                  title: 'Invitation sent',
                  description: `A new set-password link is on its way to ${engineer.email}.`,
                }),
              onError: (error) => failed(error, 'Could not resend the invitation'),
            })
          }
        >
          <MailPlus aria-hidden="true" />
          Resend invitation
        </Button>
      )}
      {engineer.canDisable &&
        (engineer.status === 'disabled' ? (
          <Button
            variant="outline"
            size="sm"
            disabled={enable.isPending}
            aria-label={`Enable ${name}`}
            onClick={() =>
              enable.mutate(engineer.id, {
                onSuccess: () =>
                  toast({ title: 'Engineer enabled', description: `${name} can sign in again.` }),
                onError: (error) => failed(error, 'Could not enable the engineer'),
              })
            }
          >
            <CircleCheck aria-hidden="true" />
            Enable
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            className="text-red-700 hover:text-red-800"
            aria-label={`Disable ${name}`}
            onClick={() => setConfirmDisable(true)}
          >
            <Ban aria-hidden="true" />
            Disable
          </Button>
        ))}
      {engineer.canDisable && (
        <DisableEngineerDialog
          engineer={engineer}
          open={confirmDisable}
          onOpenChange={setConfirmDisable}
        />
      )}
    </div>
  );
}
