import { useSearch } from 'wouter';
import { useXeroOptions } from '@web/api/xero/xero-options';
import { useXeroStatus } from '@web/api/xero/xero-status';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/api-client';
import { ConnectionCard } from './connection-card';
import { ContactsList } from './contacts-list';
import { SendSinceForm } from './send-since-form';
import { SettingsForm } from './settings-form';
import { SetupHelp } from './setup-help';
import { SyncLog } from './sync-log';

/** What the redirect back from Xero says (`?xero=` on this page). */
const outcomes: Record<string, { text: string; ok: boolean }> = {
  connected: { text: 'Connected to Xero.', ok: true },
  choose_organisation: { text: 'Connected. Choose the organisation below.', ok: true },
  denied: { text: 'Xero did not give access (the request was declined).', ok: false },
  bad_state: {
    text: 'That sign-in to Xero was not started here, was used already or took too long. Connect again.',
    ok: false,
  },
  failed: { text: 'Xero did not complete the connection. Try again.', ok: false },
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">{title}</h2>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Settings({ initial }: { initial: Parameters<typeof SettingsForm>[0]['initial'] }) {
  const options = useXeroOptions(true);
  if (options.isPending)
    return <p className="text-sm text-slate-600">Reading accounts and tax rates from Xero…</p>;
  if (options.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(options.error, 'Could not read the accounts and tax rates from Xero')}
      </p>
    );
  return <SettingsForm initial={initial} options={options.data} />;
}

/** /xero-settings (issue 22): connect, account codes and tax, send since, the sync log. */
export default function XeroSettingsPage() {
  const status = useXeroStatus();
  const outcome = outcomes[new URLSearchParams(useSearch()).get('xero') ?? ''];
  return (
    <PageLayout width="medium">
      <PageHeader
        title="Xero settings"
        description="Completed orders become a sales invoice to the partner (or the customer, for direct orders) and a bill from the contractor in Xero."
      />
      {status.isPending && <p className="text-sm text-slate-600">Loading…</p>}
      {status.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(status.error, 'Could not load the Xero settings')}
        </p>
      )}
      {status.data && !status.data.configured && (
        <SetupHelp redirectUri={status.data.redirectUri} />
      )}
      {status.data?.configured && (
        <>
          {outcome && (
            <p
              role={outcome.ok ? 'status' : 'alert'}
              className={outcome.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-700'}
            >
              {outcome.text}
            </p>
          )}
          {status.data.needsAttention > 0 && (
            <p role="alert" className="text-sm text-red-700">
              {status.data.needsAttention === 1
                ? '1 document needs attention'
                : `${status.data.needsAttention} documents need attention`}
              : see the sync log below.
            </p>
          )}
          <ConnectionCard status={status.data} />
          {status.data.status === 'connected' && (
            <>
              <Section title="Accounts and tax">
                <Settings initial={status.data.settings} />
              </Section>
              <Section title="Send orders completed since">
                <SendSinceForm />
              </Section>
              <Section title="Contacts">
                <ContactsList />
              </Section>
            </>
          )}
          <Section title="Sync log">
            <SyncLog />
          </Section>
        </>
      )}
    </PageLayout>
  );
}
