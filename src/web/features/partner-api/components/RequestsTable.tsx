import type { ApiRequestLogItem } from '@shared/partner-api/partner-api.contracts';
import { ListCard, ResponsiveList } from '@web/components/responsive-list';
import { StatusBadge } from '@web/components/status-badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { formatMoment, statusTone } from './format';

/** Partner API requests: time, partner, key prefix, method, path, status, duration, address. */
export function RequestsTable({ items, label }: { items: ApiRequestLogItem[]; label: string }) {
  return (
    <ResponsiveList
      label={label}
      cards={items.map((item) => (
        <ListCard key={item.id}>
          <div className="flex items-center justify-between gap-2">
            <span className="font-mono text-sm break-all">
              {item.method} {item.path}
            </span>
            <StatusBadge tone={statusTone(item.status)}>{item.status}</StatusBadge>
          </div>
          <p className="text-sm text-slate-700">
            {item.partner?.name ?? 'No partner'} · {item.keyPrefix ?? 'no key'}
          </p>
          <p className="text-xs text-slate-600">
            {formatMoment(item.at)} · {item.durationMs} ms · {item.ip}
          </p>
        </ListCard>
      ))}
      table={
        <Table aria-label={label}>
          <TableHeader>
            <TableRow>
              <TableHead>Time</TableHead>
              <TableHead>Partner</TableHead>
              <TableHead>Key</TableHead>
              <TableHead>Method</TableHead>
              <TableHead>Path</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Duration</TableHead>
              <TableHead>Address</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id}>
                <TableCell className="whitespace-nowrap">{formatMoment(item.at)}</TableCell>
                <TableCell>{item.partner?.name ?? '—'}</TableCell>
                <TableCell className="font-mono text-xs">{item.keyPrefix ?? '—'}</TableCell>
                <TableCell className="font-mono text-xs">{item.method}</TableCell>
                <TableCell className="font-mono text-xs break-all">{item.path}</TableCell>
                <TableCell>
                  <StatusBadge tone={statusTone(item.status)}>{item.status}</StatusBadge>
                  {item.errorCode && (
                    <span className="ml-2 font-mono text-xs text-slate-600">{item.errorCode}</span>
                  )}
                </TableCell>
                <TableCell className="whitespace-nowrap">{item.durationMs} ms</TableCell>
                <TableCell className="font-mono text-xs">{item.ip}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
    />
  );
}
