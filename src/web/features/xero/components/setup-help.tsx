import { Card, CardContent, CardHeader } from '@web/components/ui/card';

/** With no XERO_CLIENT_ID: how to set Xero up, and nothing else. */
export function SetupHelp({ redirectUri }: { redirectUri: string }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Xero is not set up</h2>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-slate-700">
        <p>To send invoices and bills to Xero, the server needs a Xero app of its own:</p>
        <ol className="grid list-decimal gap-2 pl-5">
          <li>
            At developer.xero.com, under My Apps, create a <strong>Web app</strong>.
          </li>
          <li>
            Give it this redirect URI:{' '}
            <code className="rounded bg-slate-100 px-1 break-all">{redirectUri}</code>
          </li>
          <li>
            Set <code className="rounded bg-slate-100 px-1">XERO_CLIENT_ID</code> and{' '}
            <code className="rounded bg-slate-100 px-1">XERO_CLIENT_SECRET</code> to the app’s
            client id and secret in the server’s environment, and restart it.
          </li>
          <li>Come back here and connect.</li>
        </ol>
      </CardContent>
    </Card>
  );
}
