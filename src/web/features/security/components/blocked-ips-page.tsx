import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  blockIpBody,
  type BlockedIp,
  type BlockIpBody,
} from '@shared/partner-api/partner-api.contracts';
import { useBlockIp } from '@web/api/security/block-ip';
import { useBlockedIps } from '@web/api/security/list-blocked-ips';
import { useUnblockIp } from '@web/api/security/unblock-ip';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { DataTable, hiddenHeading, type DataTableColumn } from '@web/components/data-table';
import { ListCard } from '@web/components/responsive-list';
import { StatusBadge } from '@web/components/status-badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { errorMessage } from '@web/lib/api-client';
import { bodyResolver } from '@web/lib/body-resolver';
import { formatMoment } from '@web/lib/format-date';
import { placeServerDetails } from '@web/lib/show-server-error';

const durations = [
  { label: '1 hour', hours: 1 },
  { label: '24 hours', hours: 24 },
  { label: '7 days', hours: 24 * 7 },
  { label: '30 days', hours: 24 * 30 },
  { label: 'Until removed', hours: null },
] as const;

type BlockValues = { ip: string; reason: string; duration: string };
const blockFields = ['ip', 'reason'] as const;
const blockResolver = bodyResolver(blockIpBody, (values: BlockValues) => ({
  ip: values.ip,
  reason: values.reason,
  expiresInHours: values.duration === 'never' ? null : Number(values.duration),
}));

function BlockForm() {
  const block = useBlockIp();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors },
  } = useForm<BlockValues, unknown, BlockIpBody>({
    resolver: blockResolver,
    defaultValues: { ip: '', reason: '', duration: '24' },
  });
  const submit = handleSubmit(
    (body) => {
      setDone(null);
      setFailure(null);
      block.mutate(body, {
        onSuccess: (row) => {
          resetField('ip');
          resetField('reason');
          setDone(`${row.ip} is blocked.`);
        },
        onError: (error) => {
          if (!placeServerDetails(error, setError, blockFields).placed) setFailure(error);
        },
      });
    },
    () => setDone(null),
  );
  return (
    <form
      onSubmit={submit}
      className="grid gap-3 md:grid-cols-[1fr_1fr_12rem_auto] md:items-start"
      noValidate
    >
      <FormField
        label="Address or range"
        required
        description="IPv4 or IPv6; a CIDR range such as 203.0.113.0/24 or 2001:db8::/32."
        error={errors.ip?.message}
      >
        {(field) => <Input {...field} {...register('ip')} />}
      </FormField>
      <FormField label="Reason" required error={errors.reason?.message}>
        {(field) => <Input {...field} {...register('reason')} />}
      </FormField>
      <FormField label="Block for">
        {(field) => (
          <Select {...field} {...register('duration')}>
            {durations.map((d) => (
              <option key={d.label} value={d.hours === null ? 'never' : String(d.hours)}>
                {d.label}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <Button type="submit" className="md:mt-6" disabled={block.isPending}>
        Block
      </Button>
      {done && (
        <p role="status" className="text-sm text-emerald-800 md:col-span-4">
          {done}
        </p>
      )}
      {failure !== null && (
        <p role="alert" className="text-sm text-red-700 md:col-span-4">
          {errorMessage(failure, 'Could not block')}
        </p>
      )}
    </form>
  );
}

function UnblockButton({ entry }: { entry: BlockedIp }) {
  const unblock = useUnblockIp();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={unblock.isPending}
      onClick={() => unblock.mutate(entry.id)}
    >
      Unblock {entry.ip}
    </Button>
  );
}

function SourceBadge({ entry }: { entry: BlockedIp }) {
  return entry.source === 'automatic' ? (
    <StatusBadge tone="danger">Automatic</StatusBadge>
  ) : (
    <StatusBadge tone="warning">Manual</StatusBadge>
  );
}

const columns: DataTableColumn<BlockedIp>[] = [
  {
    id: 'ip',
    header: 'Address or range',
    cell: ({ row }) => row.original.ip,
    meta: { className: 'font-mono text-sm' },
  },
  { id: 'reason', header: 'Reason', cell: ({ row }) => row.original.reason },
  { id: 'source', header: 'Source', cell: ({ row }) => <SourceBadge entry={row.original} /> },
  {
    id: 'expires',
    header: 'Expires',
    cell: ({ row: { original: entry } }) =>
      entry.expiresAt ? formatMoment(entry.expiresAt) : 'Until removed',
    meta: { className: 'whitespace-nowrap' },
  },
  {
    id: 'added',
    header: 'Added',
    cell: ({ row: { original: entry } }) => (
      <>
        {formatMoment(entry.createdAt)}
        {entry.createdBy && <span className="block">by {entry.createdBy}</span>}
      </>
    ),
    meta: { className: 'text-xs' },
  },
  {
    id: 'actions',
    header: hiddenHeading('Actions'),
    cell: ({ row }) => <UnblockButton entry={row.original} />,
  },
];

/** /blocked-ips: automatic and manual blocks; block and unblock addresses and ranges. */
export default function BlockedIpsPage() {
  const blocked = useBlockedIps();
  const items = blocked.data?.blockedIps ?? [];
  return (
    <PageLayout>
      <PageHeader
        title="Blocked IPs"
        description="A blocked address gets no page and no API answer, on every server, until the block ends."
      />
      <Card>
        <CardHeader>
          <h2 className="text-base leading-tight font-semibold">Block an address or range</h2>
        </CardHeader>
        <CardContent>
          <BlockForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-base leading-tight font-semibold">Blocks in force</h2>
        </CardHeader>
        <CardContent>
          {blocked.isPending ? (
            <p className="text-sm text-slate-600">Loading…</p>
          ) : items.length === 0 ? (
            <p className="text-sm text-slate-600">No address is blocked.</p>
          ) : (
            <DataTable
              data={items}
              columns={columns}
              getRowId={(entry) => entry.id}
              tableLabel="Blocked addresses"
              cards={{
                label: 'Blocked addresses',
                render: (entry) => (
                  <ListCard>
                    <div className="flex items-center justify-between gap-2">
                      <span className="font-mono text-sm break-all">{entry.ip}</span>
                      <SourceBadge entry={entry} />
                    </div>
                    <p className="text-sm">{entry.reason}</p>
                    <p className="text-xs text-slate-600">
                      Until {entry.expiresAt ? formatMoment(entry.expiresAt) : 'removed'} · added{' '}
                      {formatMoment(entry.createdAt)}
                      {entry.createdBy ? ` by ${entry.createdBy}` : ''}
                    </p>
                    <UnblockButton entry={entry} />
                  </ListCard>
                ),
              }}
            />
          )}
        </CardContent>
      </Card>
    </PageLayout>
  );
}
