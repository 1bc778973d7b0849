import { useState } from 'react';
import type { XeroStatus } from '@shared/xero/xero.contracts';
import { useChooseXeroOrganisation } from '@web/api/xero/choose-organisation';
import { useStartXeroConnect } from '@web/api/xero/connect';
import { useDisconnectXero } from '@web/api/xero/disconnect';
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
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Select } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format-date';

function ConnectButton({ label }: { label: string }) {
  const connect = useStartXeroConnect();
  return (
    <div>
      <Button
        type="button"
        disabled={connect.isPending}
        onClick={() =>
          connect.mutate(undefined, {
            // Xero's consent page, then back to /api/xero/callback and this page.
            onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: 'Could not start connecting to Xero',
                description: errorMessage(error, 'Something went wrong; try again.'),
              }),
          })
        }
      >
        {label}
      </Button>
    </div>
  );
}

function ChooseOrganisation({ status }: { status: XeroStatus }) {
  const choose = useChooseXeroOrganisation();
  const [tenantId, setTenantId] = useState(status.organisations[0]?.tenantId ?? '');
  return (
    <form
      className="grid max-w-md gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        choose.mutate(tenantId);
      }}
    >
      <p className="text-sm text-slate-700">
        This Xero sign-in reaches more than one organisation. Choose the one invoices and bills go
        to.
      </p>
      <FormField label="Organisation">
        {(field) => (
          <Select {...field} value={tenantId} onChange={(event) => setTenantId(event.target.value)}>
            {status.organisations.map((organisation) => (
              <option key={organisation.tenantId} value={organisation.tenantId}>
                {organisation.tenantName}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <div>
        <Button type="submit" disabled={choose.isPending || !tenantId}>
          Use this organisation
        </Button>
      </div>
      {choose.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(choose.error, 'Could not choose the organisation')}
        </p>
      )}
    </form>
  );
}

function DisconnectButton() {
  const disconnect = useDisconnectXero();
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        Disconnect
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Disconnect from Xero?</AlertDialogTitle>
          <AlertDialogDescription>
            Uplink gives up its access to the organisation. Orders completed while disconnected are
            not sent; use “Send orders completed since” after connecting again.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            onClick={() =>
              disconnect.mutate(undefined, {
                onSuccess: () => toast({ title: 'Disconnected from Xero' }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Could not disconnect',
                    description: errorMessage(error, 'Something went wrong; try again.'),
                  }),
              })
            }
          >
            Disconnect
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The connection: connect, choose the organisation, see which one, disconnect. */
export function ConnectionCard({ status }: { status: XeroStatus }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Connection</h2>
      </CardHeader>
      <CardContent className="grid gap-3">
        {status.status === 'not_connected' && (
          <>
            <p className="text-sm text-slate-700">
              Not connected. Connecting opens Xero, where you sign in and allow Uplink to create
              invoices, bills and contacts in your organisation.
            </p>
            <ConnectButton label="Connect to Xero" />
          </>
        )}
        {status.status === 'revoked' && (
          <>
            <p role="alert" className="text-sm text-red-700">
              The connection stopped working: {status.problem}
            </p>
            <ConnectButton label="Connect again" />
          </>
        )}
        {status.status === 'choose_organisation' && <ChooseOrganisation status={status} />}
        {status.status === 'connected' && status.organisation && (
          <>
            <p className="text-sm text-slate-700">
              Connected to <strong>{status.organisation.tenantName}</strong> since{' '}
              {formatDateTime(status.connectedAt)}.
            </p>
            <div>
              <DisconnectButton />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
