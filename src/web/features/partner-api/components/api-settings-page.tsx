import { useForm } from 'react-hook-form';
import {
  partnerApiSettingsSchema,
  type PartnerApiSettings,
} from '@shared/partner-api/partner-api.contracts';
import { useApiSettings } from '@web/api/partner-api/get-api-settings';
import { useSaveApiSettings } from '@web/api/partner-api/save-api-settings';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { useWebhookSettings } from '@web/api/webhooks/webhook-settings';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { bodyResolver, firstMessage } from '@web/lib/body-resolver';
import { SaveOutcome, useFormSave } from '@web/lib/use-form-save';
import { linesOf } from './format';

type SettingsValues = {
  rateLimitPerMinute: string;
  logRetentionDays: string;
  defaultAllowedCidrs: string;
};
const settingsFields = ['rateLimitPerMinute', 'logRetentionDays', 'defaultAllowedCidrs'] as const;
const settingsResolver = bodyResolver(partnerApiSettingsSchema, (values: SettingsValues) => ({
  rateLimitPerMinute: Number(values.rateLimitPerMinute),
  logRetentionDays: Number(values.logRetentionDays),
  defaultAllowedCidrs: linesOf(values.defaultAllowedCidrs),
}));

function SettingsForm({ initial }: { initial: PartnerApiSettings }) {
  const mutation = useSaveApiSettings();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SettingsValues, unknown, PartnerApiSettings>({
    resolver: settingsResolver,
    defaultValues: {
      rateLimitPerMinute: String(initial.rateLimitPerMinute),
      logRetentionDays: String(initial.logRetentionDays),
      defaultAllowedCidrs: initial.defaultAllowedCidrs.join('\n'),
    },
  });
  const { save, saved, failure, invalid } = useFormSave(mutation, setError, settingsFields, {
    items: true,
  });
  const submit = handleSubmit(save, invalid);
  return (
    <form onSubmit={submit} className="grid gap-4 md:grid-cols-2" noValidate>
      <FormField
        label="Requests per minute, per key"
        description="Above this a key gets 429 Too Many Requests with Retry-After, on every server."
        error={errors.rateLimitPerMinute?.message}
      >
        {(field) => <Input {...field} inputMode="numeric" {...register('rateLimitPerMinute')} />}
      </FormField>
      <FormField
        label="Keep the API logs for (days)"
        description="Requests and finished webhook deliveries older than this are deleted every hour."
        error={errors.logRetentionDays?.message}
      >
        {(field) => <Input {...field} inputMode="numeric" {...register('logRetentionDays')} />}
      </FormField>
      <FormField
        label="Allowed addresses for new keys"
        description="One address or CIDR range a line (IPv4 or IPv6). Each key keeps its own list; empty allows any address."
        error={firstMessage(errors.defaultAllowedCidrs)}
        className="md:col-span-2"
      >
        {(field) => <Textarea {...field} rows={4} {...register('defaultAllowedCidrs')} />}
      </FormField>
      <div className="flex flex-wrap items-center gap-3 md:col-span-2">
        <Button type="submit" disabled={mutation.isPending}>
          Save settings
        </Button>
        <SaveOutcome
          saved={saved}
          failure={failure}
          savedText="Settings saved."
          failureText="Could not save"
        />
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
