import { useEffect, useState, type FormEvent } from 'react';
import type { ListMessagesQuery, Message } from '@shared/messages/messages.contracts';
import { messageChannels, messageStatuses } from '@shared/messages/messages.contracts';
import {
  templateChannels,
  templateKindLabels,
  templateKinds,
  type MessageTemplate,
  type TemplateChannel,
  type TemplateKind,
} from '@shared/messages/templates';
import { statusTones } from '@shared/status-tones';
import { useProviderState } from '@web/api/messages/get-provider';
import { useMessages } from '@web/api/messages/list-messages';
import { useTemplates } from '@web/api/messages/list-templates';
import { usePreviewTemplate } from '@web/api/messages/preview-template';
import { useResendMessage } from '@web/api/messages/resend-message';
import { useSaveTemplate } from '@web/api/messages/save-template';
import { useSendTestMessage } from '@web/api/messages/send-test-message';
import { useSetSmsLogin, useSmsLoginSetting } from '@web/api/messages/sms-login-setting';
import { useOrders } from '@web/api/orders/list-orders';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { ListCard, ResponsiveList } from '@web/components/responsive-list';
import { StatusBadge } from '@web/components/status-badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { Textarea } from '@web/components/ui/textarea';
import { HttpError, errorMessage } from '@web/lib/api-client';

const channelLabel: Record<TemplateChannel, string> = { sms: 'SMS', email: 'Email' };
const statusLabel: Record<Message['status'], string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  undelivered: 'Undelivered',
  failed: 'Failed',
  suppressed: 'Suppressed',
};

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

function ProviderSection() {
  const provider = useProviderState();
  const send = useSendTestMessage();
  const [channel, setChannel] = useState<TemplateChannel>('sms');
  const [to, setTo] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    send.mutate(
      { channel, to },
      {
        onSuccess: ({ message }) =>
          setDone(`Test message ${statusLabel[message.status].toLowerCase()} to ${message.to}.`),
      },
    );
  };
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
          <FormField
            label={channel === 'sms' ? 'Test number' : 'Test address'}
            error={send.error ? errorMessage(send.error, 'Could not send') : undefined}
          >
            {(field) => (
              <Input
                {...field}
                value={to}
                inputMode={channel === 'sms' ? 'tel' : 'email'}
                onChange={(event) => setTo(event.target.value)}
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

function TemplateEditor({ template }: { template: MessageTemplate }) {
  const { kind, channel } = template;
  const orders = useOrders({ pageSize: 20 });
  const save = useSaveTemplate();
  const preview = usePreviewTemplate();
  const [subject, setSubject] = useState(template.subject ?? '');
  const [body, setBody] = useState(template.body);
  const [orderId, setOrderId] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate(
      { kind, channel, text: { subject: channel === 'email' ? subject : null, body } },
      {
        onSuccess: () => {
          setErrors({});
          setSaved(true);
        },
        onError: (error) => {
          const details = error instanceof HttpError ? error.payload?.details : undefined;
          setErrors({
            subject: details?.subject?.[0],
            body: details?.body?.[0] ?? (details ? undefined : errorMessage(error, 'Not saved')),
          });
        },
      },
    );
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <form onSubmit={submit} className="grid content-start gap-3">
        {channel === 'email' && (
          <FormField label="Subject" error={errors.subject} required>
            {(field) => (
              <Input
                {...field}
                value={subject}
                onChange={(event) => setSubject(event.target.value)}
              />
            )}
          </FormField>
        )}
        <FormField
          label="Text"
          error={errors.body}
          required
          description={`Variables: ${template.allowedVariables.map((v) => `{{${v}}}`).join(' ')}`}
        >
          {(field) => (
            <Textarea
              {...field}
              rows={channel === 'sms' ? 4 : 9}
              value={body}
              onChange={(event) => setBody(event.target.value)}
            />
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

function MessageLog() {
  const [filters, setFilters] = useState<ListMessagesQuery>({ pageSize: 25 });
  const messages = useMessages(filters);
  const resend = useResendMessage();
  const set = (key: keyof ListMessagesQuery) => (value: string) =>
    setFilters((current) => ({ ...current, [key]: value || undefined, page: 1 }));
  const items = messages.data?.messages ?? [];
  const when = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
  const resendButton = (message: Message) => (
    <Button
      size="sm"
      variant="outline"
      disabled={resend.isPending}
      onClick={() => resend.mutate(message.id)}
      aria-label={`Resend ${message.kind} to ${message.to}`}
    >
      Resend
    </Button>
  );
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Message log</h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <FormField label="Channel">
            {(field) => (
              <Select
                {...field}
                value={filters.channel ?? ''}
                onChange={(e) => set('channel')(e.target.value)}
              >
                <option value="">All</option>
                {messageChannels.map((value) => (
                  <option key={value} value={value}>
                    {channelLabel[value]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Status">
            {(field) => (
              <Select
                {...field}
                value={filters.status ?? ''}
                onChange={(e) => set('status')(e.target.value)}
              >
                <option value="">All</option>
                {messageStatuses.map((value) => (
                  <option key={value} value={value}>
                    {statusLabel[value]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Recipient">
            {(field) => (
              <Input
                {...field}
                value={filters.to ?? ''}
                onChange={(e) => set('to')(e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Order ID">
            {(field) => (
              <Input
                {...field}
                value={filters.orderId ?? ''}
                onChange={(e) => set('orderId')(e.target.value.trim())}
              />
            )}
          </FormField>
          <FormField label="From">
            {(field) => (
              <Input
                {...field}
                type="date"
                value={filters.from ?? ''}
                onChange={(e) => set('from')(e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Until">
            {(field) => (
              <Input
                {...field}
                type="date"
                value={filters.until ?? ''}
                onChange={(e) => set('until')(e.target.value)}
              />
            )}
          </FormField>
        </div>
        {messages.error && (
          <p role="alert">{errorMessage(messages.error, 'Could not load the log')}</p>
        )}
        <ResponsiveList
          label="Messages"
          cards={items.map((message) => (
            <ListCard key={message.id}>
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium break-all">{message.to}</p>
                  <p className="text-sm text-slate-600">
                    {channelLabel[message.channel]} · {message.kind} · {when(message.createdAt)}
                  </p>
                </div>
                <StatusBadge tone={statusTones.message[message.status]}>
                  {statusLabel[message.status]}
                </StatusBadge>
              </div>
              {message.lastError && <p className="text-sm text-slate-700">{message.lastError}</p>}
              <div className="mt-2">{resendButton(message)}</div>
            </ListCard>
          ))}
          table={
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>When</TableHead>
                  <TableHead>Channel</TableHead>
                  <TableHead>Message</TableHead>
                  <TableHead>To</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((message) => (
                  <TableRow key={message.id}>
                    <TableCell>{when(message.createdAt)}</TableCell>
                    <TableCell>{channelLabel[message.channel]}</TableCell>
                    <TableCell>{message.kind}</TableCell>
                    <TableCell className="break-all">{message.to}</TableCell>
                    <TableCell>
                      <StatusBadge tone={statusTones.message[message.status]}>
                        {statusLabel[message.status]}
                      </StatusBadge>
                      {message.lastError && (
                        <p className="mt-1 text-xs text-slate-600">{message.lastError}</p>
                      )}
                    </TableCell>
                    <TableCell>{resendButton(message)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          }
        />
        {messages.data && (
          <p className="text-sm text-slate-600">
            {messages.data.total} message{messages.data.total === 1 ? '' : 's'}
          </p>
        )}
      </CardContent>
    </Card>
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
      <MessageLog />
    </PageLayout>
  );
}
