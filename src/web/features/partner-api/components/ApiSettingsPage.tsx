import { useState, type FormEvent } from 'react';
import type { PartnerApiSettings } from '@shared/partner-api/partner-api.contracts';
import { useApiSettings } from '@web/api/partner-api/get-api-settings';
import { useSaveApiSettings } from '@web/api/partner-api/save-api-settings';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { useWebhookSettings } from '@web/api/webhooks/webhook-settings';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { HttpError, errorMessage } from '@web/lib/api-client';
import { linesOf } from './format';

function SettingsForm({ initial }: { initial: PartnerApiSettings }) {
  const save = useSaveApiSettings();
  const [rate, setRate] = useState(String(initial.rateLimitPerMinute));
  const [retention, setRetention] = useState(String(initial.logRetentionDays));
  const [ranges, setRanges] = useState(initial.defaultAllowedCidrs.join('\n'));
  const [saved, setSaved] = useState(false);
  const details = save.error instanceof HttpError ? save.error.payload?.details : undefined;
  const errorFor = (field: string) =>
    details &&
    Object.entries(details).find(
      ([name]) => name === field || name.startsWith(`${field}.`),
    )?.[1][0];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate(
      {
        rateLimitPerMinute: Number(rate),
        logRetentionDays: Number(retention),
        defaultAllowedCidrs: linesOf(ranges),
      },
      { onSuccess: () => setSaved(true) },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-4 md:grid-cols-2" noValidate>
      <FormField
        label="Requests per minute, per key"
        description="Above this a key gets 429 Too Many Requests with Retry-After, on every server."
        error={errorFor('rateLimitPerMinute')}
      >
        {(field) => (
          <Input
            {...field}
            inputMode="numeric"
            value={rate}
            onChange={(e) => setRate(e.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Keep the API logs for (days)"
        description="Requests and finished webhook deliveries older than this are deleted every hour."
        error={errorFor('logRetentionDays')}
      >
        {(field) => (
          <Input
            {...field}
            inputMode="numeric"
            value={retention}
            onChange={(e) => setRetention(e.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Allowed addresses for new keys"
        description="One address or CIDR range a line (IPv4 or IPv6). Each key keeps its own list; empty allows any address."
        error={errorFor('defaultAllowedCidrs')}
        className="md:col-span-2"
      >
        {(field) => (
          <Textarea
            {...field}
            rows={4}
            value={ranges}
            onChange={(e) => setRanges(e.target.value)}
          />
        )}
      </FormField>
      <div className="flex flex-wrap items-center gap-3 md:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          Save settings
        </Button>
        {saved && (
          <p role="status" className="text-sm text-emerald-800">
            Settings saved.
          </p>
        )}
        {save.error && !details && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(save.error, 'Could not save')}
          </p>
        )}
      </div>
    </form>
  );
}

/** WEBHOOK_ALLOW_PRIVATE_TARGETS, read-only: set in the server's environment (decision 047). */
function OutboundSettings() {
  const settings = useWebhookSettings();
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Outbound webhooks</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-1 text-sm">
          <dt className="font-medium text-slate-800">Private and internal addresses as targets</dt>
          <dd className="text-slate-700" data-testid="webhook-private-targets">
            {settings.data
              ? settings.data.allowPrivateTargets
                ? 'Allowed (WEBHOOK_ALLOW_PRIVATE_TARGETS=true): for tests and local development only.'
                : 'Refused: webhooks go to public addresses only.'
              : settings.isError
                ? 'Could not be read.'
                : 'Loading…'}
          </dd>
          <dd className="text-xs text-slate-600">
            Read-only: set WEBHOOK_ALLOW_PRIVATE_TARGETS in the server&apos;s environment.
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}

/** /api/settings: the partner API's limits, log retention and default allowed ranges. */
export default function ApiSettingsPage() {
  const settings = useApiSettings();
  return (
    <PageLayout width="medium">
      <PageHeader title="API settings" description="Limits and retention for the partner API." />
      <Card>
        <CardHeader>
          <h2 className="text-base leading-tight font-semibold">Inbound API</h2>
        </CardHeader>
        <CardContent>
          {settings.data ? (
            <SettingsForm initial={settings.data} />
          ) : (
            <p className="text-sm text-slate-600">Loading settings…</p>
          )}
        </CardContent>
      </Card>
      <OutboundSettings />
    </PageLayout>
  );
}
