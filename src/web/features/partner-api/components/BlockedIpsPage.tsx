import { useState, type FormEvent } from 'react';
import type { BlockedIp } from '@shared/partner-api/partner-api.contracts';
import { useBlockIp } from '@web/api/partner-api/block-ip';
import { useBlockedIps } from '@web/api/partner-api/list-blocked-ips';
import { useUnblockIp } from '@web/api/partner-api/unblock-ip';
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
import { HttpError, errorMessage } from '@web/lib/api-client';
import { formatMoment } from './format';

const durations = [
  { label: '1 hour', hours: 1 },
  { label: '24 hours', hours: 24 },
  { label: '7 days', hours: 24 * 7 },
  { label: '30 days', hours: 24 * 30 },
  { label: 'Until removed', hours: null },
] as const;

function BlockForm() {
  const block = useBlockIp();
  const [ip, setIp] = useState('');
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState('24');
  const [done, setDone] = useState<string | null>(null);
  const details = block.error instanceof HttpError ? block.error.payload?.details : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    block.mutate(
      { ip, reason, expiresInHours: duration === 'never' ? null : Number(duration) },
      {
        onSuccess: (row) => {
          setIp('');
          setReason('');
          setDone(`${row.ip} is blocked.`);
        },
      },
    );
  };
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
        error={details?.ip?.[0]}
      >
        {(field) => <Input {...field} value={ip} onChange={(e) => setIp(e.target.value)} />}
      </FormField>
      <FormField label="Reason" required error={details?.reason?.[0]}>
        {(field) => <Input {...field} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </FormField>
      <FormField label="Block for">
        {(field) => (
          <Select {...field} value={duration} onChange={(e) => setDuration(e.target.value)}>
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
      {block.error && !details && (
        <p role="alert" className="text-sm text-red-700 md:col-span-4">
          {errorMessage(block.error, 'Could not block')}
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
            <ResponsiveList
              label="Blocked addresses"
              cards={items.map((entry) => (
                <ListCard key={entry.id}>
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
              ))}
              table={
                <Table aria-label="Blocked addresses">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Address or range</TableHead>
                      <TableHead>Reason</TableHead>
                      <TableHead>Source</TableHead>
                      <TableHead>Expires</TableHead>
                      <TableHead>Added</TableHead>
                      <TableHead>
                        <span className="sr-only">Actions</span>
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {items.map((entry) => (
                      <TableRow key={entry.id}>
                        <TableCell className="font-mono text-sm">{entry.ip}</TableCell>
                        <TableCell>{entry.reason}</TableCell>
                        <TableCell>
                          <SourceBadge entry={entry} />
                        </TableCell>
                        <TableCell className="whitespace-nowrap">
                          {entry.expiresAt ? formatMoment(entry.expiresAt) : 'Until removed'}
                        </TableCell>
                        <TableCell className="text-xs">
                          {formatMoment(entry.createdAt)}
                          {entry.createdBy && <span className="block">by {entry.createdBy}</span>}
                        </TableCell>
                        <TableCell>
                          <UnblockButton entry={entry} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              }
            />
          )}
        </CardContent>
      </Card>
    </PageLayout>
  );
}
