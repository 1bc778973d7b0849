import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { testMessageBodySchema } from '@shared/messages/messages.contracts';
import {
  templateChannels,
  templateKindLabels,
  templateKinds,
  saveTemplateBodySchema,
  type MessageTemplate,
  type SaveTemplateBody,
  type TemplateChannel,
  type TemplateKind,
} from '@shared/messages/templates';
import { useProviderState } from '@web/api/messages/get-provider';
import { useTemplates } from '@web/api/messages/list-templates';
import { usePreviewTemplate } from '@web/api/messages/preview-template';
import { useSaveTemplate } from '@web/api/messages/save-template';
import { useSendTestMessage } from '@web/api/messages/send-test-message';
import { useSetSmsLogin, useSmsLoginSetting } from '@web/api/messages/sms-login-setting';
import { useOrders } from '@web/api/orders/list-orders';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/api-client';
import { bodyResolver } from '@web/lib/body-resolver';
import { placeServerDetails } from '@web/lib/show-server-error';
import { statusLabels } from '@shared/status-words';
import { MessageLogSection } from './message-log-section';

const channelLabel: Record<TemplateChannel, string> = { sms: 'SMS', email: 'Email' };

function SmsLoginSection() {
  const setting = useSmsLoginSetting();
  const change = useSetSmsLogin();
  const enabled = setting.data?.enabled;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">SMS sign-in</h2>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          {enabled === undefined
            ? 'Loading…'
            : enabled
              ? 'Staff can sign in with a code sent by text.'
              : 'SMS sign-in is off: the login page offers email and password only.'}
        </p>
        {enabled !== undefined && (
          <Button
            variant="outline"
            disabled={change.isPending}
            onClick={() => change.mutate(!enabled)}
          >
            {enabled ? 'Turn SMS sign-in off' : 'Turn SMS sign-in on'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

type TestValues = z.input<typeof testMessageBodySchema>;
const testResolver = zodResolver(testMessageBodySchema, undefined, { raw: true });

function ProviderSection() {
  const provider = useProviderState();
  const send = useSendTestMessage();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TestValues>({ resolver: testResolver, defaultValues: { channel: 'sms', to: '' } });
  const [channel, to] = useWatch({ control, name: ['channel', 'to'] });
  const [done, setDone] = useState<string | null>(null);
  const submit = handleSubmit(
    (body) => {
      setDone(null);
      send.mutate(body, {
        onSuccess: ({ message }) =>
          setDone(
            `Test message ${statusLabels.message[message.status].toLowerCase()} to ${message.to}.`,
          ),
        onError: (error) =>
          setError('to', { type: 'server', message: errorMessage(error, 'Could not send') }),
      });
    },
    () => setDone(null),
  );
  const state = provider.data;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Provider</h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        {state && (
          <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-slate-600">Texts</dt>
            <dd>
              {state.sms.provider === 'twilio'
                ? 'Twilio'
                : 'Outbox (no provider configured: texts stay in the log below)'}
            </dd>
            <dt className="text-slate-600">Sender</dt>
            <dd>{state.sms.sender ?? 'None'}</dd>
            <dt className="text-slate-600">Emails</dt>
            <dd>{state.email.provider === 'smtp' ? 'SMTP' : 'Outbox'}</dd>
            <dt className="text-slate-600">Status callback</dt>
            <dd className="break-all">{state.sms.statusCallbackUrl}</dd>
          </dl>
        )}
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end">
          <FormField label="Channel">
            {(field) => (
              <Select {...field} {...register('channel')}>
                {templateChannels.map((value) => (
                  <option key={value} value={value}>
                    {channelLabel[value]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField
            label={channel === 'sms' ? 'Test number' : 'Test address'}
            error={errors.to?.message}
          >
            {(field) => (
              <Input
                {...field}
                inputMode={channel === 'sms' ? 'tel' : 'email'}
                {...register('to')}
              />
            )}
          </FormField>
          <Button type="submit" disabled={send.isPending || to.trim() === ''}>
            Send test message
          </Button>
        </form>
        {done && (
          <p role="status" className="text-sm text-emerald-800">
            {done}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function TemplatesSection() {
  const templates = useTemplates();
  const [kind, setKind] = useState<TemplateKind>('order_received');
  const [channel, setChannel] = useState<TemplateChannel>('sms');
  const current = templates.data?.templates.find((t) => t.kind === kind && t.channel === channel);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Templates</h2>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Message">
            {(field) => (
              <Select
                {...field}
                value={kind}
                onChange={(event) => setKind(event.target.value as TemplateKind)}
              >
                {templateKinds.map((value) => (
                  <option key={value} value={value}>
                    {templateKindLabels[value]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Channel">
            {(field) => (
              <Select
                {...field}
                value={channel}
                onChange={(event) => setChannel(event.target.value as TemplateChannel)}
              >
                {templateChannels.map((value) => (
                  <option key={value} value={value}>
                    {channelLabel[value]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        {current && <TemplateEditor key={`${kind}-${channel}`} template={current} />}
      </CardContent>
    </Card>
  );
}

type TemplateText = { subject: string; body: string };

function TemplateEditor({ template }: { template: MessageTemplate }) {
  const { kind, channel } = template;
  const orders = useOrders({ pageSize: 20 });
  const save = useSaveTemplate();
  const preview = usePreviewTemplate();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TemplateText, unknown, SaveTemplateBody>({
    resolver: bodyResolver(saveTemplateBodySchema, (text: TemplateText) => ({
      subject: channel === 'email' ? text.subject : null,
      body: text.body,
    })),
    defaultValues: { subject: template.subject ?? '', body: template.body },
  });
  const [subject, body] = useWatch({ control, name: ['subject', 'body'] });
  const [orderId, setOrderId] = useState('');
  const [saved, setSaved] = useState(false);

  const { mutate: runPreview } = preview;
  useEffect(() => {
    const timer = setTimeout(() => {
      runPreview({
        kind,
        channel,
        subject: channel === 'email' ? subject : null,
        body,
        orderId: orderId || undefined,
      });
    }, 300);
    return () => clearTimeout(timer);
  }, [kind, channel, subject, body, orderId, runPreview]);

  const submit = handleSubmit(
    (text) => {
      setSaved(false);
      save.mutate(
        { kind, channel, text: { subject: text.subject ?? null, body: text.body } },
        {
          onSuccess: () => setSaved(true),
          onError: (error) => {
            if (!placeServerDetails(error, setError, ['subject', 'body']).placed) {
              setError('body', { type: 'server', message: errorMessage(error, 'Not saved') });
            }
          },
        },
      );
    },
    () => setSaved(false),
  );

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <form onSubmit={submit} className="grid content-start gap-3">
        {channel === 'email' && (
          <FormField label="Subject" error={errors.subject?.message} required>
            {(field) => <Input {...field} {...register('subject')} />}
          </FormField>
        )}
        <FormField
          label="Text"
          error={errors.body?.message}
          required
          description={`Variables: ${template.allowedVariables.map((v) => `{{${v}}}`).join(' ')}`}
        >
          {(field) => (
            <Textarea {...field} rows={channel === 'sms' ? 4 : 9} {...register('body')} />
          )}
        </FormField>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            Save template
          </Button>
          {saved && (
            <p role="status" className="text-sm text-emerald-800">
              Saved.
            </p>
          )}
        </div>
      </form>
      <section aria-labelledby="preview-heading" className="grid content-start gap-3">
        <h3 id="preview-heading" className="font-medium text-slate-900">
          Preview
        </h3>
        <FormField label="Preview on order">
          {(field) => (
            <Select {...field} value={orderId} onChange={(event) => setOrderId(event.target.value)}>
              <option value="">Example values</option>
              {orders.data?.items.map((order) => (
                <option key={order.id} value={order.id}>
                  {order.orderNumber} · {order.customer.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {preview.data && (
          <div
            data-testid="template-preview"
            className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm"
          >
            {preview.data.subject !== null && (
              <p className="mb-2 font-medium">{preview.data.subject}</p>
            )}
            <p className="break-words whitespace-pre-wrap">{preview.data.body}</p>
            {preview.data.sms && (
              <p className="mt-2 text-slate-600">
                {preview.data.sms.units} characters ({preview.data.sms.encoding}) ·{' '}
                {preview.data.sms.segments} SMS segment
                {preview.data.sms.segments === 1 ? '' : 's'}
              </p>
            )}
          </div>
        )}
      </section>
    </div>
  );
}

/** The spec's "SMS System" (/sms-settings): sign-in by SMS, provider, templates, message log. */
export default function SmsSettingsPage() {
  return (
    <PageLayout>
      <PageHeader
        title="SMS system"
        description="How texts and emails reach customers and staff: sign-in, provider, wording and the log."
      />
      <SmsLoginSection />
      <ProviderSection />
      <TemplatesSection />
      <MessageLogSection />
    </PageLayout>
  );
}
