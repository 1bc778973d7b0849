import { useState } from 'react';
import type { WebhookEndpoint } from '@shared/webhooks/webhooks.contracts';
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
import { toast } from '@web/components/ui/use-toast';
import { useDeleteWebhookEndpoint } from '@web/api/webhooks/delete-endpoint';
import { useRotateWebhookSecret } from '@web/api/webhooks/rotate-secret';
import { useUpdateWebhookEndpoint } from '@web/api/webhooks/update-endpoint';
import { errorMessage } from '@web/lib/api-client';

type Confirm = 'delete' | 'rotate' | null;

/** Edit, enable or disable, rotate the secret, delete: one endpoint's buttons. */
export function EndpointActions({
  endpoint,
  onEdit,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onSecret: (secret: string) => void;
}) {
  const [confirm, setConfirm] = useState<Confirm>(null);
  const update = useUpdateWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhookEndpoint();
  const name = `${endpoint.partnerName} endpoint`;
  const failed = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: errorMessage(error, 'Try again.') });

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        onClick={() => onEdit(endpoint)}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={update.isPending}
        aria-label={`${endpoint.enabled ? 'Disable' : 'Enable'} ${name}`}
        onClick={() =>
          update.mutate(
            { id: endpoint.id, changes: { enabled: !endpoint.enabled } },
            {
              onSuccess: (saved) =>
                toast({ title: saved.enabled ? 'Endpoint enabled' : 'Endpoint disabled' }),
              onError: failed('Could not change the endpoint'),
            },
          )
        }
      >
        {endpoint.enabled ? 'Disable' : 'Enable'}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setConfirm('rotate')}
        aria-label={`Rotate secret of ${name}`}
      >
        Rotate secret
      </Button>
      <Button
        size="sm"
        variant="destructive"
        onClick={() => setConfirm('delete')}
        aria-label={`Delete ${name}`}
      >
        Delete
      </Button>

      <AlertDialog open={confirm !== null} onOpenChange={(open) => !open && setConfirm(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {confirm === 'delete' ? 'Delete this endpoint?' : 'Rotate the signing secret?'}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {confirm === 'delete'
                ? `${endpoint.url} stops receiving events, and its delivery log goes with it.`
                : 'A new secret is made and shown once. The current one keeps signing alongside it for 24 hours.'}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant={confirm === 'delete' ? 'destructive' : 'default'}
              onClick={() => {
                if (confirm === 'delete') {
                  remove.mutate(endpoint.id, {
                    onSuccess: () => toast({ title: 'Endpoint deleted' }),
                    onError: failed('Could not delete the endpoint'),
                  });
                } else {
                  rotate.mutate(endpoint.id, {
                    onSuccess: ({ secret }) => onSecret(secret),
                    onError: failed('Could not rotate the secret'),
                  });
                }
              }}
            >
              {confirm === 'delete' ? 'Delete endpoint' : 'Rotate secret'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
