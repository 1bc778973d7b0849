import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import {
  apiKeyScopes,
  createApiKeyBody,
  type ApiKey,
  type ApiKeyScope,
} from '@shared/partner-api/partner-api.contracts';
import { usePartners } from '@web/api/partners/list-partners';
import { useCreateApiKey } from '@web/api/partner-api/create-api-key';
import { useApiSettings } from '@web/api/partner-api/get-api-settings';
import { useApiKeys } from '@web/api/partner-api/list-api-keys';
import { useApiRequests } from '@web/api/partner-api/list-api-requests';
import { useRevokeApiKey } from '@web/api/partner-api/revoke-api-key';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { DataTable, hiddenHeading, type DataTableColumn } from '@web/components/data-table';
import { ListCard } from '@web/components/responsive-list';
import { StatusBadge } from '@web/components/status-badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { HttpError, errorMessage } from '@web/lib/api-client';
import { bodyResolver, firstMessage } from '@web/lib/body-resolver';
import { placeServerDetails } from '@web/lib/show-server-error';
import { linesOf } from './format';
import { formatMoment } from '@web/lib/format-date';
import { RequestsTable } from './requests-table';

const scopeLabel: Record<ApiKeyScope, string> = {
  read: 'Read (get and list orders)',
  write: 'Write (create and cancel orders)',
};

type NewKeyValues = {
  partnerId: string;
  name: string;
  scopes: ApiKeyScope[];
  /** null until typed in: the settings' default ranges, once they have loaded. */
  allowedCidrs: string | null;
};
const newKeyFields = ['partnerId', 'name', 'scopes', 'allowedCidrs'] as const;

function NewKeyCard({ onCreated }: { onCreated: (key: string, apiKey: ApiKey) => void }) {
  const partners = usePartners();
  const settings = useApiSettings();
  const create = useCreateApiKey();
  const defaultRanges = (settings.data?.defaultAllowedCidrs ?? []).join('\n');
  const {
    register,
    control,
    handleSubmit,
    setError,
    resetField,
    formState: { errors },
  } = useForm<NewKeyValues, unknown, z.output<typeof createApiKeyBody>>({
    resolver: bodyResolver(createApiKeyBody, (values: NewKeyValues) => ({
      ...values,
      allowedCidrs: linesOf(values.allowedCidrs ?? defaultRanges),
    })),
    defaultValues: { partnerId: '', name: '', scopes: ['read', 'write'], allowedCidrs: null },
  });

  const submit = handleSubmit((body) => {
    create.mutate(body, {
      onSuccess: ({ key, apiKey }) => {
        resetField('name');
        resetField('allowedCidrs');
        onCreated(key, apiKey);
      },
      onError: (error) => placeServerDetails(error, setError, newKeyFields, { items: true }),
    });
  });
  const error = create.error;
  const scopesError = firstMessage(errors.scopes);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">New API key</h2>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-3 md:grid-cols-2" noValidate>
          <FormField label="Partner" required error={errors.partnerId?.message}>
            {(field) => (
              <Select {...field} {...register('partnerId')}>
                <option value="">Choose a partner</option>
                {partners.data?.items
                  .filter((partner) => partner.active)
                  .map((partner) => (
                    <option key={partner.id} value={partner.id}>
                      {partner.name}
                    </option>
                  ))}
              </Select>
            )}
          </FormField>
          <FormField label="Key name" required error={errors.name?.message}>
            {(field) => <Input {...field} placeholder="Production" {...register('name')} />}
          </FormField>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium text-slate-900">Scopes</legend>
            {apiKeyScopes.map((scope) => (
              <label key={scope} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-6" value={scope} {...register('scopes')} />
                {scopeLabel[scope]}
              </label>
            ))}
            {scopesError && <p className="text-sm text-red-700">{scopesError}</p>}
          </fieldset>
          <FormField
            label="Allowed addresses"
            description="One address or CIDR range a line (IPv4 or IPv6); empty allows any address."
            error={firstMessage(errors.allowedCidrs)}
          >
            {(field) => (
              <Controller
                control={control}
                name="allowedCidrs"
                render={({ field: { value, onChange, onBlur, ref, name } }) => (
                  <Textarea
                    {...field}
                    ref={ref}
                    name={name}
                    rows={3}
                    value={value ?? defaultRanges}
                    placeholder="203.0.113.0/24"
                    onBlur={onBlur}
                    onChange={(e) => onChange(e.target.value)}
                  />
                )}
              />
            )}
          </FormField>
          <div className="flex flex-wrap items-center gap-3 md:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              Create key
            </Button>
            {error && !(error instanceof HttpError && error.status === 400) && (
              <p role="alert" className="text-sm text-red-700">
                {errorMessage(error, 'Could not create the key')}
              </p>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function RevealedKey({
  value,
  apiKey,
  onDone,
}: {
  value: string;
  apiKey: ApiKey;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Card className="border-amber-300 bg-amber-50">
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">
          Key for {apiKey.partner.name}: copy it now
        </h2>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-slate-800">
          This is the only time the key is shown. We keep only a hash of it; if it is lost, create a
          new key and revoke this one.
        </p>
        <code
          data-testid="new-api-key"
          className="rounded border border-slate-300 bg-white p-2 font-mono text-sm break-all"
        >
          {value}
        </code>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() =>
              void navigator.clipboard?.writeText(value).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy key'}
          </Button>
          <Button onClick={onDone}>I have stored the key</Button>
        </div>
      </CardContent>
    </Card>
  );
}

function RevokeButton({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const [asking, setAsking] = useState(false);
  if (apiKey.revokedAt) return null;
  if (!asking)
    return (
      <Button variant="outline" size="sm" onClick={() => setAsking(true)}>
        Revoke<span className="sr-only"> {apiKey.prefix}</span>
      </Button>
    );
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Button
        variant="destructive"
        size="sm"
        disabled={revoke.isPending}
        onClick={() => revoke.mutate(apiKey.id, { onSettled: () => setAsking(false) })}
      >
        Yes, revoke {apiKey.prefix}
      </Button>
      <Button variant="outline" size="sm" onClick={() => setAsking(false)}>
        Keep it
      </Button>
    </span>
  );
}

function KeyStatus({ apiKey }: { apiKey: ApiKey }) {
  return apiKey.revokedAt ? (
    <StatusBadge tone="muted">Revoked {formatMoment(apiKey.revokedAt)}</StatusBadge>
  ) : (
    <StatusBadge tone="success">Active</StatusBadge>
  );
}

const keyColumns: DataTableColumn<ApiKey>[] = [
  { id: 'partner', header: 'Partner', cell: ({ row }) => row.original.partner.name },
  { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
  {
    id: 'key',
    header: 'Key',
    cell: ({ row }) => `${row.original.prefix}…`,
    meta: { className: 'font-mono text-xs' },
  },
  { id: 'scopes', header: 'Scopes', cell: ({ row }) => row.original.scopes.join(', ') },
  {
    id: 'allowedFrom',
    header: 'Allowed from',
    cell: ({ row: { original: apiKey } }) =>
      apiKey.allowedCidrs.length ? apiKey.allowedCidrs.join(', ') : 'Any address',
    meta: { className: 'text-xs' },
  },
  {
    id: 'lastUsed',
    header: 'Last used',
    cell: ({ row: { original: apiKey } }) => (
      <>
        {formatMoment(apiKey.lastUsedAt)}
        {apiKey.lastUsedIp && <span className="block">{apiKey.lastUsedIp}</span>}
      </>
    ),
    meta: { className: 'text-xs' },
  },
  { id: 'status', header: 'Status', cell: ({ row }) => <KeyStatus apiKey={row.original} /> },
  {
    id: 'actions',
    header: hiddenHeading('Actions'),
    cell: ({ row }) => <RevokeButton apiKey={row.original} />,
  },
];

function KeysCard() {
  const [includeRevoked, setIncludeRevoked] = useState(false);
  const keys = useApiKeys(includeRevoked);
  const items = keys.data?.items ?? [];
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <h2 className="text-base leading-tight font-semibold">Keys</h2>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-6"
            checked={includeRevoked}
            onChange={(e) => setIncludeRevoked(e.target.checked)}
          />
          Show revoked keys
        </label>
      </CardHeader>
      <CardContent>
        {keys.isPending ? (
          <p className="text-sm text-slate-600">Loading keys…</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600">No keys yet. Create one above for a partner.</p>
        ) : (
          <DataTable
            data={items}
            columns={keyColumns}
            getRowId={(apiKey) => apiKey.id}
            tableLabel="API keys"
            cards={{
              label: 'API keys',
              render: (apiKey) => (
                <ListCard>
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-medium">{apiKey.partner.name}</span>
                    <KeyStatus apiKey={apiKey} />
                  </div>
                  <p className="text-sm">
                    {apiKey.name} · <span className="font-mono">{apiKey.prefix}…</span>
                  </p>
                  <p className="text-xs text-slate-600">
                    {apiKey.scopes.join(', ')} · from{' '}
                    {apiKey.allowedCidrs.length ? apiKey.allowedCidrs.join(', ') : 'any address'}
                  </p>
                  <p className="text-xs text-slate-600">
                    Last used {formatMoment(apiKey.lastUsedAt)}
                  </p>
                  <RevokeButton apiKey={apiKey} />
                </ListCard>
              ),
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}

function RecentRequestsCard() {
  const requests = useApiRequests({ pageSize: 10 });
  const items = requests.data?.items ?? [];
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <h2 className="text-base leading-tight font-semibold">Recent requests</h2>
        <Link href="/api/logs" className="text-sm text-sky-800 underline">
          All requests
        </Link>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-slate-600">No partner has called the API yet.</p>
        ) : (
          <RequestsTable items={items} label="Recent API requests" />
        )}
      </CardContent>
    </Card>
  );
}

/** /api/inbound: partners' API keys (create, reveal once, revoke) and their recent requests. */
export default function InboundPage() {
  const [revealed, setRevealed] = useState<{ key: string; apiKey: ApiKey } | null>(null);
  return (
    <PageLayout>
      <PageHeader
        title="Inbound API"
        description={
          <>
            Partners send orders to <code className="font-mono">/api/v1</code> with their API key.{' '}
            <a href="/api/v1/docs/" className="text-sky-800 underline">
              API documentation
            </a>{' '}
            ·{' '}
            <a href="/api/v1/openapi.json" className="text-sky-800 underline">
              OpenAPI document
            </a>
          </>
        }
      />
      {revealed && (
        <RevealedKey
          value={revealed.key}
          apiKey={revealed.apiKey}
          onDone={() => setRevealed(null)}
        />
      )}
      <NewKeyCard onCreated={(key, apiKey) => setRevealed({ key, apiKey })} />
      <KeysCard />
      <RecentRequestsCard />
    </PageLayout>
  );
}
